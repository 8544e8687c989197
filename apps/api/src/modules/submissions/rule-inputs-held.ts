import type { Db, Tx } from '../../db/database';
import { loadRuleInputs, type RuleInputs } from '../data-quality/assess';
import type { FormVersion } from './form-definitions';

/**
 * The rules' inputs of the returns this process saved (decision 0034): the organisation's last
 * submitted return and last period's statistics, which change only when a return of an earlier period
 * is submitted again, statistics are computed again or the periods are changed. A save evaluates with
 * the inputs held here, read once per return per process, and its locked statement reads their stamp
 * (data-quality/queries.ts, ruleInputsStamp): when the stamp moved (another instance, or this one, saw
 * the change), the save reads them again in its transaction and evaluates again before it writes.
 */
// A return being edited is saved again within minutes; 2,000 of them is a busy instance's share, and at
// ~10 KB each (a 100-question return and its statistics) a few tens of MB at most.
const MAX_RETURNS = 2_000;
const held = new WeakMap<Db, Map<number, { form: string; inputs: RuleInputs }>>();

/**
 * The inputs of submission `submissionId` under `version`'s rules: those held when `fresh` is false and
 * they were read for this form version, else read with `reader` (and held).
 */
export async function ruleInputsOf(
  db: Db,
  reader: Db | Tx,
  submissionId: number,
  version: FormVersion,
  fresh: boolean,
): Promise<RuleInputs> {
  const returns = held.get(db) ?? new Map();
  held.set(db, returns);
  const hit = returns.get(submissionId);
  if (!fresh && hit?.form === version.key) return hit.inputs;
  const inputs = await loadRuleInputs(reader, { submissionId }, version.rules);
  returns.delete(submissionId);
  returns.set(submissionId, { form: version.key, inputs });
  if (returns.size > MAX_RETURNS) returns.delete(returns.keys().next().value as number);
  return inputs;
}
