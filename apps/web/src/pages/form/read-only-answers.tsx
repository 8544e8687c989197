import type { FormDefinition, UncheckedRule } from '@dcf/forms';
import { formAnswers } from '@dcf/forms/answers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../components';
import { type Engine, loadEngine, loadedEngine } from '../../formio/renderer/engine';
import { AnswersSummary } from './answers-summary';

/**
 * A return for someone who cannot change it now (decision 0037): every answer in form order, as check
 * your answers draws it (NHS.UK summary lists, wizard pages as headings), with no Change links and no
 * greyed inputs to tab through. What the form's conditions hide for these answers is left out, so the
 * form engine is needed first; it loads in its own chunk, as the form's does.
 */
export function ReadOnlyAnswers({
  definition,
  content,
  onUnchecked,
}: {
  definition: FormDefinition;
  content: Record<string, unknown>;
  /** The form's rules that could not be evaluated on these answers (decision 0030), as the form reports them. */
  onUnchecked?: (rules: readonly UncheckedRule[]) => void;
}) {
  const [engine, setEngine] = useState<Engine | undefined>(loadedEngine);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (engine) return;
    let active = true;
    loadEngine()
      .then((loaded) => {
        if (active) setEngine(loaded);
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [engine]);
  const evaluated = useMemo(() => {
    if (!engine) return null;
    const { hidden, unchecked } = engine.evaluateForm(definition, content, 'draft');
    return { items: formAnswers(definition, content, { hidden }), unchecked };
  }, [engine, definition, content]);
  const told = useRef(onUnchecked);
  told.current = onUnchecked;
  useEffect(() => {
    if (evaluated) told.current?.(evaluated.unchecked);
  }, [evaluated]);
  const items = evaluated?.items ?? null;
  if (failed)
    return <p className="nhsuk-body">The answers could not be shown. Reload the page to try again.</p>;
  if (!items) return <Spinner label="Loading the answers" />;
  return (
    <section aria-label="Answers" className="dcf-read-only-answers">
      <AnswersSummary items={items} isWizard={definition.display === 'wizard'} />
    </section>
  );
}
