import type { DataQualityContext, DataQualityFinding, DataQualityRule } from '@dcf/domain/data-quality';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataQualityContext } from '../../api/data-quality';
import type { SubmissionPageKey } from '../../api/submissions';

type Engine = typeof import('@dcf/forms/data-quality/evaluate');

/** The engine in its own chunk (it brings Form.io's JSON Logic), loaded once the page is up. */
let engine: Promise<Engine> | undefined;
const loadEngine = () => {
  engine ??= import('@dcf/forms/data-quality/evaluate');
  return engine;
};

export interface LiveFinding extends DataQualityFinding {
  rule: DataQualityRule;
}

/** An explanation textarea's id, for the error summary's links. */
export const explanationId = (ruleId: string) => `dcf-explanation-${ruleId}`;

/**
 * The data quality rules at entry (decision 0028): the context from the API (rules, previous return,
 * last period's statistics, explanations saved so far), the rules run in the browser on every change
 * with the engine the server runs, and the explanations the person types (sent with every save).
 */
export function useDataQuality(key: SubmissionPageKey, answers: Record<string, unknown>) {
  const context = useDataQualityContext(key);
  const [loaded, setLoaded] = useState<Engine | undefined>();
  useEffect(() => {
    let active = true;
    void loadEngine().then((e) => {
      if (active) setLoaded(e);
    });
    return () => {
      active = false;
    };
  }, []);
  const [explanations, setExplanations] = useState<Record<string, string>>({});
  // Whether the saved explanations are in (they are then what counts as saved), and how many times
  // the person typed one: each is a change, as an answer is (autosave, unsaved-changes prompt).
  const [seededNow, setSeededNow] = useState(false);
  const [edits, setEdits] = useState(0);
  const seeded = useRef(false);
  // Explanations start from the server's latest findings: this page's own fetch, never a cached answer
  // from before the last save (the form's Submit saves, then opens check your answers).
  useEffect(() => {
    if (seeded.current || !context.data || !context.isFetchedAfterMount) return;
    seeded.current = true;
    setSeededNow(true);
    setExplanations(
      Object.fromEntries(
        context.data.findings.filter((f) => f.explanation).map((f) => [f.ruleId, f.explanation ?? '']),
      ),
    );
  }, [context.data, context.isFetchedAfterMount]);
  const explanationsRef = useRef(explanations);
  explanationsRef.current = explanations;

  const findings = useMemo(
    () => (context.data && loaded ? verdictsOf(loaded, context.data, answers, explanations) : []),
    [context.data, loaded, answers, explanations],
  );
  const setExplanation = useCallback((ruleId: string, text: string) => {
    setExplanations((current) => ({ ...current, [ruleId]: text }));
    setEdits((count) => count + 1);
  }, []);
  /** The explanations typed so far (none: undefined); the server keeps those of warnings it flags. */
  const readExplanations = useCallback((): Record<string, string> | undefined => {
    const out: Record<string, string> = {};
    for (const [ruleId, text] of Object.entries(explanationsRef.current))
      if (text.trim() !== '') out[ruleId] = text;
    return Object.keys(out).length > 0 ? out : undefined;
  }, []);
  return {
    context: context.data,
    /** The rules and the engine are in: `findings` is a verdict, not an empty list while loading. */
    ready: context.data !== undefined && loaded !== undefined,
    findings,
    explanations,
    setExplanation,
    readExplanations,
    seeded: seededNow,
    edits,
  };
}

export type DataQualityState = ReturnType<typeof useDataQuality>;

function verdictsOf(
  loaded: Engine,
  context: DataQualityContext,
  answers: Record<string, unknown>,
  explanations: Record<string, string>,
): LiveFinding[] {
  const verdicts = loaded.evaluateDataQuality(context.rules, {
    answers,
    previous: context.previous?.answers ?? null,
    stats: context.stats,
  });
  return verdicts.map((verdict) => {
    const text = explanations[verdict.ruleId]?.trim() ?? '';
    return {
      ...verdict,
      explanation: verdict.severity === 'warning' && !verdict.notChecked && text !== '' ? text : null,
      rule: context.rules.find((r) => r.id === verdict.ruleId) as DataQualityRule,
    };
  });
}

/** Messages of failing error rules by the field they are shown beside (the renderer's field errors). */
export function errorsByField(findings: readonly LiveFinding[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of findings) {
    const field = questionOf(f);
    if (f.severity === 'error' && !f.notChecked && field) out[field] = [...(out[field] ?? []), f.message];
  }
  return out;
}

/** The question a finding links to: its first field (a grid column total links to the grid). */
export const questionOf = (finding: DataQualityFinding): string | undefined =>
  finding.fields[0]?.split('.')[0];
