import { type FeatureFlags, useFeatureFlags, useSetFeatureFlag } from '../../api/feature-flags';
import { CheckboxGroup, OutcomeBanner, QueryState, useOutcome } from '../../components';

const flagDescriptions: Record<keyof FeatureFlags, string> = {
  COLLECTIONICON: 'Collections can have an icon',
  EMAILENABLED: 'Collections can send emails (period opened, reminders, confirmations)',
  EXCELTEMPLATE: 'Collections can offer an Excel template for returns',
  SESSIONMANAGEMENT: 'Sessions end after a time without activity, with a warning first',
};
const flagNames = Object.keys(flagDescriptions) as (keyof FeatureFlags)[];

/**
 * Feature flags (super administrators, on their own screen): each flag's state from
 * GET /FeatureFlag, changed one at a time. The defaults come from configuration; a change here is stored
 * and overrides it until changed again.
 */
export function FeatureFlagsSection() {
  const flags = useFeatureFlags();
  const setFlag = useSetFeatureFlag();
  const { outcome, clear, report } = useOutcome();

  const change = (name: keyof FeatureFlags, enabled: boolean) =>
    report(() => setFlag.mutateAsync({ name, enabled }), `${name} is now ${enabled ? 'on' : 'off'}`);

  return (
    <section>
      <OutcomeBanner outcome={outcome} onClose={clear} />
      <QueryState query={flags}>
        {(values) => (
          <CheckboxGroup
            id="flag"
            legend="Feature flags"
            legendSize="hidden"
            options={flagNames.map((name) => ({ value: name, label: name, hint: flagDescriptions[name] }))}
            values={flagNames.filter((name) => values[name])}
            disabled={setFlag.isPending}
            onChange={change}
          />
        )}
      </QueryState>
    </section>
  );
}
