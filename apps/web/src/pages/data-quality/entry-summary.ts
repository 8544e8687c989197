import { useMemo, useRef } from 'react';
import { type LiveFinding, questionOf } from './use-data-quality';

/**
 * The error summary's lines for the data quality findings (NHS error pattern): a failing error rule,
 * linked to its question. Warnings are warnings (decision 0037): shown at their question, never in the
 * red summary; an explanation still missing at submit is the submit's error, on check your answers.
 */
export function summaryItems(findings: readonly LiveFinding[], fieldErrors: Record<string, string[]>) {
  return findings.flatMap((finding) => {
    if (finding.notChecked || finding.severity !== 'error') return [];
    const field = questionOf(finding);
    if (field && fieldErrors[field]?.includes(finding.message)) return [];
    return [{ href: field ? `#dcf-field-${field}` : '#dcf-data-quality-title', message: finding.message }];
  });
}

/**
 * The renderer's field messages: the server's and the failing error rules', merged. The same object
 * while nothing changes, because the renderer starts over from a new object (and would bring back a
 * server message the person has since corrected).
 */
export function useStableErrors(server: Record<string, string[]>, quality: Record<string, string[]>) {
  const last = useRef<{ key: string; value: Record<string, string[]> } | null>(null);
  return useMemo(() => {
    const merged: Record<string, string[]> = { ...server };
    for (const [field, list] of Object.entries(quality)) merged[field] = [...(merged[field] ?? []), ...list];
    const key = JSON.stringify(merged);
    if (last.current?.key !== key || last.current.value === undefined) last.current = { key, value: merged };
    return last.current.value;
  }, [server, quality]);
}
