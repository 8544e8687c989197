import type { CollectionStatus } from '@dcf/domain';

const tagClass: Record<CollectionStatus, string> = {
  draft: 'nhsuk-tag--grey',
  published: 'nhsuk-tag--green',
  archived: 'nhsuk-tag--white',
};

const label: Record<CollectionStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

/** A collection's status (draft, published, archived) as an NHS.UK tag. */
export function CollectionStatusTag({ status }: { status: CollectionStatus }) {
  return <strong className={`nhsuk-tag ${tagClass[status]}`}>{label[status]}</strong>;
}
