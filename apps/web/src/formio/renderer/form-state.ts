import type { FormState, UncheckedRule } from '@dcf/forms';
import type { FormDefinition } from '@dcf/forms/components';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormData } from '../form-renderer';
import { hasRules } from './components';
import { type Engine, loadEngine, loadedEngine } from './engine';
import { setPath } from './paths';

interface FormStateOptions {
  definition: FormDefinition;
  submission: FormData | undefined;
  fieldErrors: Record<string, readonly string[]> | undefined;
  onChange: ((data: FormData, modified: boolean) => void) | undefined;
  onUnchecked: ((rules: readonly UncheckedRule[]) => void) | undefined;
}

/**
 * The answers on screen and the engine's verdict on them: every change runs `evaluateForm` (@dcf/forms),
 * the call the server runs on every save. Also the messages to show: the server's until their question
 * is edited, the engine's once the person has left a question.
 */
export function useFormState({
  definition,
  submission,
  fieldErrors,
  onChange,
  onUnchecked,
}: FormStateOptions) {
  const { engine, engineFailed } = useEngine();
  // A form whose questions come and go (conditions, logic, calculations) takes no answer before the
  // engine is there: typing into a question about to be hidden and cleared would be lost.
  const dynamic = useMemo(() => hasRules(definition), [definition]);
  const evaluate = useCallback(
    (data: FormData): FormState =>
      engine
        ? engine.evaluateForm(definition, data, 'draft')
        : { data, hidden: new Set(), errors: {}, unchecked: [] },
    [definition, engine],
  );
  const [state, setState] = useState(() => evaluate(startingAnswers(definition, submission, engine)));
  const dataRef = useRef(state.data);
  const modified = useRef(false);
  dataRef.current = state.data;
  const callbacks = useRef({ onChange, onUnchecked });
  callbacks.current = { onChange, onUnchecked };
  const uncheckedKey = state.unchecked.map((r) => `${r.component.path} ${r.property} ${r.detail}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: told when the list changes, not on every evaluation.
  useEffect(() => {
    callbacks.current.onUnchecked?.(state.unchecked);
  }, [uncheckedKey]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // Server messages stay until their question is edited.
  const [serverErrors, setServerErrors] = useState(fieldErrors ?? {});
  useEffect(() => setServerErrors(fieldErrors ?? {}), [fieldErrors]);

  // Once the engine is there the answers are evaluated (defaults for a new return, calculations,
  // conditions) and reported, as not changed by the person unless they have typed already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the engine is there.
  useEffect(() => {
    if (!engine) return;
    const next = evaluate(
      modified.current ? dataRef.current : startingAnswers(definition, submission, engine),
    );
    dataRef.current = next.data;
    setState(next);
    callbacks.current.onChange?.(structuredClone(next.data), modified.current);
  }, [engine]);

  const setValue = useCallback(
    (path: string, value: unknown) => {
      modified.current = true;
      const next = evaluate(setPath(dataRef.current, path, value));
      dataRef.current = next.data;
      setState(next);
      setServerErrors((errors) => {
        if (!(path in errors)) return errors;
        const { [path]: _edited, ...rest } = errors;
        return rest;
      });
      callbacks.current.onChange?.(structuredClone(next.data), true);
    },
    [evaluate],
  );
  const touch = useCallback(
    (path: string) => setTouched((set) => (set.has(path) ? set : new Set(set).add(path))),
    [],
  );
  return {
    state,
    ready: engine !== undefined,
    engineFailed,
    waiting: dynamic && !engine,
    dataRef,
    serverErrors,
    touched,
    setValue,
    touch,
  };
}

/** The engine comes in a chunk of its own, after the questions can be typed into. */
function useEngine() {
  const [engine, setEngine] = useState<Engine | undefined>(loadedEngine);
  const [engineFailed, setEngineFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once.
  useEffect(() => {
    if (engine) return undefined;
    let cancelled = false;
    loadEngine()
      .then((loaded) => {
        if (!cancelled) setEngine(loaded);
      })
      .catch(() => {
        if (!cancelled) setEngineFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return { engine, engineFailed };
}

/** The answers a form opens with: the return's, or a new return's defaults once the engine is there. */
function startingAnswers(
  definition: FormDefinition,
  submission: FormData | undefined,
  engine: Engine | undefined,
) {
  if (submission && Object.keys(submission).length > 0) return structuredClone(submission);
  return engine ? engine.defaultAnswers(definition) : {};
}
