import type { DataQualityRule, DataQualityRuleSet } from '@dcf/domain/data-quality';

/** A form version's rule set as the API sends it, and whether saving it made a new version. */
export const presentRuleSet = (
  form: { id: number; version: number },
  rules: DataQualityRule[],
  createdNewVersion: boolean,
) => ({ formId: form.id, version: form.version, createdNewVersion, rules }) satisfies DataQualityRuleSet;
