import type { DataQualityFinding } from '@dcf/domain/data-quality';

/**
 * The data quality findings of a revision as the PDF and the exports print them (decision 0028): every
 * warning with the submitter's explanation, so a reader of the return sees why a figure looks wrong.
 */

const explained = (finding: DataQualityFinding) => finding.explanation ?? 'No explanation given';

/** The PDF's lines: one per finding, after the declaration. */
export const findingFacts = (findings: readonly DataQualityFinding[]): [string, string][] =>
  findings.map((f) => [
    f.severity === 'error' ? `Data quality error: ${f.name}` : `Data quality warning: ${f.name}`,
    f.severity === 'error' ? f.message : `${f.message} Explanation: ${explained(f)}`,
  ]);

/** The export's cell: `Rule: explanation` per warning, separated by ` | `; null when there is none. */
export function findingsCell(json: string | null): string | null {
  if (json === null) return null;
  const findings = JSON.parse(json) as DataQualityFinding[];
  const warnings = findings.filter((f) => f.severity === 'warning');
  return warnings.length === 0 ? null : warnings.map((f) => `${f.name}: ${explained(f)}`).join(' | ');
}

/** The export's column, added when any exported form version has rules. */
export const DATA_QUALITY_COLUMN = {
  header: 'dataQuality',
  path: [] as (string | number)[],
  label: 'Data quality warnings (rule: explanation)',
  type: 'data quality',
  page: '',
  options: '',
};
