import { useParams } from 'react-router';
import { NotYetAvailable } from '../../components/not-yet-available';

/** Create or edit an organisation (route: /organisation/manage/edit/{organisationId?}). */
export function EditOrganisationPage() {
  const { organisationId } = useParams();
  return <NotYetAvailable title={organisationId ? 'Edit organisation' : 'Create an organisation'} />;
}
