import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { Breadcrumbs, PageContainer } from '../../components';
import { DefaultScheduleTab, ScheduleTab } from '../schedule/schedule-editor';

/** The amend page's tabs (specification, section 2), in order. */
export const amendTabs = [
  ['overview', 'Overview'],
  ['organisations', 'Organisations'],
  ['preview', 'Preview'],
  ['form', 'Form'],
  ['excelTemplate', 'Excel template'],
  ['schedule', 'Schedule'],
  ['default-schedule', 'Default schedule'],
  ['permissions', 'Permissions'],
] as const;

type AmendTab = (typeof amendTabs)[number][0];

/**
 * Amend collection (route: /collection/amend/{collectionId}/*): NHS.UK tabs as links, one per sub-path.
 * Only the schedule and default-schedule tabs are built so far; the others say so.
 */
export function AmendCollectionPage() {
  const params = useParams();
  const collectionId =
    params.collectionId && /^\d+$/.test(params.collectionId) ? Number(params.collectionId) : undefined;
  const requested = (params['*'] ?? '').split('/')[0] || 'overview';
  const tab = amendTabs.find(([key]) => key === requested);
  const title = 'Amend collection';
  return (
    <PageContainer
      title={title}
      breadcrumbs={
        <Breadcrumbs items={[{ text: 'Manage collections', href: paths.managerHome }, { text: title }]} />
      }
    >
      {collectionId === undefined || !tab ? (
        <p className="nhsuk-body">This page does not exist.</p>
      ) : (
        <div className="nhsuk-tabs">
          <nav aria-label="Collection sections">
            <ul className="nhsuk-tabs__list">
              {amendTabs.map(([key, label]) => (
                <li
                  key={key}
                  className={`nhsuk-tabs__list-item${key === tab[0] ? ' nhsuk-tabs__list-item--selected' : ''}`}
                >
                  <Link
                    className="nhsuk-tabs__tab"
                    to={paths.amendCollection(collectionId, key)}
                    aria-current={key === tab[0] ? 'page' : undefined}
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="nhsuk-tabs__panel">
            <AmendTabContent tab={tab[0]} label={tab[1]} collectionId={collectionId} />
          </div>
        </div>
      )}
    </PageContainer>
  );
}

function AmendTabContent({
  tab,
  label,
  collectionId,
}: {
  tab: AmendTab;
  label: string;
  collectionId: number;
}) {
  if (tab === 'schedule') return <ScheduleTab collectionId={collectionId} />;
  if (tab === 'default-schedule') return <DefaultScheduleTab collectionId={collectionId} />;
  return (
    <>
      <h2 className="nhsuk-heading-m">{label}</h2>
      <p className="nhsuk-body">This section is not available yet.</p>
    </>
  );
}
