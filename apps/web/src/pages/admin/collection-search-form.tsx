import { useState } from 'react';
import { collectionStatusLabel, FilterForm, Select } from '../../components';

/**
 * The search of an administrators' list of collections: part of the name and, unless the list is of one
 * status only, the status. `onSearch` gets the trimmed name and the status ('' for any).
 */
export function CollectionSearchForm({
  id,
  initialTerm,
  initialStatus,
  showStatus = true,
  onSearch,
}: {
  /** The search box's id, unique on the page. */
  id: string;
  initialTerm: string;
  initialStatus: string;
  showStatus?: boolean;
  onSearch: (term: string, status: string) => void;
}) {
  const [term, setTerm] = useState(initialTerm);
  const [status, setStatus] = useState(initialStatus);
  return (
    <FilterForm
      label="Search collections"
      onSearch={() => onSearch(term.trim(), status)}
      search={{ id, label: 'Search by collection name', value: term, onChange: setTerm }}
      searchInRow={showStatus}
    >
      {showStatus ? (
        <Select
          label="Status"
          value={status}
          onChange={setStatus}
          options={(['published', 'draft', 'archived'] as const).map((value) => ({
            value,
            label: collectionStatusLabel[value],
          }))}
        />
      ) : null}
    </FilterForm>
  );
}
