import { useOrganisationTypes, useRegions } from '../../api/organisations';
import { Select } from '../../components';

interface FilterProps {
  /** The chosen id as a string; '' for any. */
  value: string;
  onChange: (value: string) => void;
}

/** The Region filter of lists of organisations: every region, by name. */
export function RegionFilter({ value, onChange }: FilterProps) {
  const regions = useRegions();
  return (
    <Select
      label="Region"
      value={value}
      onChange={onChange}
      options={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
    />
  );
}

/** The Type filter of lists of organisations: every organisation type, by its long description. */
export function OrganisationTypeFilter({ value, onChange }: FilterProps) {
  const types = useOrganisationTypes();
  return (
    <Select
      label="Type"
      value={value}
      onChange={onChange}
      options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.longDescription }))}
    />
  );
}
