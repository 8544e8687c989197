import { useNavigate } from 'react-router';
import { useSaveCollection } from '../../api/collections';
import { paths } from '../../app/paths';
import { PageContainer } from '../../components';
import { CollectionForm, emptyCollection } from './collection-form';

/**
 * Create a collection (route: /collection/create). It starts as a draft; the next steps (form,
 * organisations, schedule, permissions) are the amend page's tabs, where the new collection opens.
 */
export function CreateCollectionPage() {
  const save = useSaveCollection();
  const navigate = useNavigate();
  const title = 'Create a collection';
  return (
    <PageContainer title={title} trail={[{ text: 'Manage collections', href: paths.managerHome }]}>
      <p className="nhsuk-body">
        The collection starts as a draft. Add its form, recipients and schedule before publishing it.
      </p>
      <CollectionForm
        initial={emptyCollection}
        submitLabel="Create collection"
        onSubmit={async (input) => {
          const created = await save.mutateAsync(input);
          navigate(paths.amendCollection(created.id, 'overview'), { state: { created: true } });
        }}
      />
    </PageContainer>
  );
}
