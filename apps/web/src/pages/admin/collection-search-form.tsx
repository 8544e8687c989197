import { useState } from 'react';
import { collectionStatusLabel, FilterForm, Select, sortedListStart } from '../../components';

export const COLLECTION_PAGE_SIZE = 25;

/** An administrators' collection list's state, kept in the URL (decision 0021): paging, sort, the search. */
export const collectionListDefaults = {
  ...sortedListStart(COLLECTION_PAGE_SIZE, 'name', 'ASC'),
  query: undefined as string | undefined,
  status: undefined as string | undefined,
};

interface CollectionSearchFormProps {
  /** The search box's id, unique on the page. */
  id: string;
  /** The list's search as the URL holds it. */
  term: string | undefined;
  status: string | undefined;
  showStatus?: boolean;
  /** Search: the trimmed name and the status, each undefined for none. */
  onSearch: (change: { query: string | undefined; status: string | undefined }) => void;
}

/**
 * The search of an administrators' list of collections: part of the name and, unless the list is of one
 * status only, the status. Drafts until Search; starts again from the URL whenever the URL's search changes.
 */
export function CollectionSearchForm(props: CollectionSearchFormProps) {
  return <SearchDraft key={`${props.term ?? ''}|${props.status ?? ''}`} {...props} />;
}

function SearchDraft({
  id,
  term: initialTerm,
  status: initialStatus,
  showStatus = true,
  onSearch,
}: CollectionSearchFormProps) {
  const [term, setTerm] = useState(initialTerm ?? '');
  const [status, setStatus] = useState(initialStatus ?? '');
  return (
    <FilterForm
      label="Search collections"
      onSearch={() => onSearch({ query: term.trim() || undefined, status: status || undefined })}
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
