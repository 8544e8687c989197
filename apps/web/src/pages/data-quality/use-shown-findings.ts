import { useEffect, useMemo, useRef, useState } from 'react';
import type { LiveFinding } from './use-data-quality';

/**
 * Which findings the form shows (product decisions, "The return between people"; decision 0037): the
 * rules run on every change, but a finding appears only at a checkpoint (the return opened, a save,
 * manual or automatic, a page change, a submit), never while the figure is being typed. One shown goes
 * as soon as its check passes (its text follows the figures meanwhile) and comes back only at a
 * checkpoint.
 *
 * `checkpoint` is any value that changes at each checkpoint (a counter, the time of the last save).
 */
export function useShownFindings(
  findings: readonly LiveFinding[],
  ready: boolean,
  checkpoint: unknown,
  /** Whether the person has typed since the page opened: then the rules' first run is not "as opened". */
  typed = false,
): LiveFinding[] {
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const latest = useRef(findings);
  latest.current = findings;
  const typedRef = useRef(typed);
  typedRef.current = typed;
  const firstReady = useRef(true);
  // At each checkpoint: what fails now. The first, once the rules are in, is the return as opened,
  // unless the rules came in after the person had typed (a loaded machine): then those findings are of
  // figures being typed, and wait for the next checkpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `checkpoint` is the trigger, not read.
  useEffect(() => {
    if (!ready) return;
    const opening = firstReady.current;
    firstReady.current = false;
    if (opening && typedRef.current) return;
    setShown(new Set(latest.current.map((f) => f.ruleId)));
  }, [ready, checkpoint]);
  // Between checkpoints: a finding that passes again is no longer shown, even if it fails once more.
  useEffect(() => {
    setShown((current) => {
      const failing = new Set(findings.map((f) => f.ruleId));
      const kept = [...current].filter((id) => failing.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [findings]);
  return useMemo(() => findings.filter((f) => shown.has(f.ruleId)), [findings, shown]);
}
