import { useOrganisationTypes, useRegions } from '../../api/organisations';
import { Select } from '../../components';

interface FilterProps {
  /** The chosen id as a string; '' for any. */
  value: string;
  onChange: (value: string) => void;
  id?: string;
  /** Where the list's own words differ from the filter's usual label. */
  label?: string;
}

/** The Region filter of lists of organisations: every region, by name. */
export function RegionFilter({ label = 'Region', ...select }: FilterProps) {
  const regions = useRegions();
  return (
    <Select
      {...select}
      label={label}
      options={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
    />
  );
}

/** The Type filter of lists of organisations: every organisation type, by its long description. */
export function OrganisationTypeFilter({ label = 'Type', ...select }: FilterProps) {
  const types = useOrganisationTypes();
  return (
    <Select
      {...select}
      label={label}
      options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.longDescription }))}
    />
  );
}
