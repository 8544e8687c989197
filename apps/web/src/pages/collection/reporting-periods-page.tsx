import { messages } from '@dcf/domain';
import { Link, useParams } from 'react-router';
import { useCollection } from '../../api/collections';
import { useForms } from '../../api/forms';
import { useReportingPeriod, useReportingPeriods } from '../../api/reporting-periods';
import { paths } from '../../app/paths';
import { type Crumb, PageContainer, QueryState, Spinner } from '../../components';
import { CollectionPeriods } from '../reporting-period/collection-periods';
import { PeriodEditor } from '../reporting-period/period-editor';
import { PeriodList } from '../reporting-period/period-list';
import { PeriodSummary } from '../reporting-period/period-summary';

const NEW = 'new';
const numeric = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

/**
 * Reporting periods (route: /collection/{collectionId}/reportingPeriod/{id?}/{isManager?}).
 * Without `id`: the collection's periods. Those who monitor the collection (its `abilities.canMonitor`)
 * see every period, closed ones included, with its state and counts and the way to its monitoring,
 * non-submitters, exports and reopens (CollectionPeriods); anyone else the periods sorted by start with
 * their status. With `id` ('new' to add one): the period's form. `isManager` ('true') marks a visit
 * from the manager's screens: the breadcrumbs lead back there, and links keep it. Changing periods is
 * offered to collection managers and administrators (the API decides per collection either way).
 */
export function ReportingPeriodsPage() {
  const params = useParams();
  const collectionId = numeric(params.collectionId);
  const isManager = params.isManager === 'true';
  const periodId = numeric(params.id);
  const adding = params.id === NEW;
  const listPath = collectionId === undefined ? paths.managerHome : paths.reportingPeriods(collectionId);
  const title = adding
    ? 'Add a reporting period'
    : periodId !== undefined
      ? 'Reporting period'
      : 'Reporting periods';
  const trail: Crumb[] = [
    { text: 'Collections you manage', href: paths.managerHome },
    ...(collectionId !== undefined && (adding || periodId !== undefined)
      ? [{ text: 'Reporting periods', href: listPath }]
      : []),
  ];

  return (
    <PageContainer title={title} trail={trail}>
      {collectionId !== undefined ? <CollectionName collectionId={collectionId} /> : null}
      {collectionId === undefined || (params.id !== undefined && !adding && periodId === undefined) ? (
        <p className="nhsuk-body">This reporting period does not exist.</p>
      ) : adding || periodId !== undefined ? (
        <PeriodPage collectionId={collectionId} periodId={periodId} listPath={listPath} />
      ) : (
        <ListPage collectionId={collectionId} isManager={isManager} />
      )}
    </PageContainer>
  );
}

function CollectionName({ collectionId }: { collectionId: number }) {
  const collection = useCollection(collectionId);
  return collection.data ? <p className="nhsuk-lede-text">{collection.data.name}</p> : null;
}

function ListPage({ collectionId, isManager }: { collectionId: number; isManager: boolean }) {
  // The collection's abilities (the API's policy) decide what is offered; nothing until they arrive.
  const collection = useCollection(collectionId);
  const canEdit = collection.data?.abilities.canAmend ?? false;
  const canMonitor = collection.data?.abilities.canMonitor ?? false;
  const periods = useReportingPeriods(collectionId);
  const forms = useForms(collectionId);
  const add = canEdit ? (
    <div className="nhsuk-button-group">
      <Link className="nhsuk-button" to={paths.reportingPeriods(collectionId, NEW)}>
        Add a reporting period
      </Link>
      <Link
        className="nhsuk-button nhsuk-button--secondary"
        to={paths.amendCollection(collectionId, 'schedule')}
      >
        Edit the schedule
      </Link>
    </div>
  ) : null;
  if (canMonitor)
    return (
      <>
        {add}
        <CollectionPeriods collectionId={collectionId} canAmend={canEdit} />
      </>
    );
  return (
    <>
      {add}
      <QueryState query={periods} emptyMessage={messages.noScheduledPeriods}>
        {(data) => (
          <PeriodList
            periods={data}
            forms={forms.data ?? []}
            linkTo={(period) => paths.reportingPeriods(collectionId, period.id, isManager || undefined)}
          />
        )}
      </QueryState>
    </>
  );
}

function PeriodPage({
  collectionId,
  periodId,
  listPath,
}: {
  collectionId: number;
  periodId: number | undefined;
  listPath: string;
}) {
  const collection = useCollection(collectionId);
  const periods = useReportingPeriods(collectionId);
  const period = useReportingPeriod(collectionId, periodId);
  const forms = useForms(collectionId);
  if (collection.isPending) return <Spinner block />;
  const canEdit = collection.data?.abilities.canAmend ?? false;
  if (!canEdit) {
    return periodId === undefined ? (
      <p className="nhsuk-body">You cannot change this collection's reporting periods.</p>
    ) : (
      <QueryState query={period}>{(found) => <PeriodSummary period={found} />}</QueryState>
    );
  }
  if (periodId !== undefined) {
    return (
      <QueryState query={period}>
        {(found) => (
          <QueryState query={periods} isEmpty={() => false}>
            {(all) => (
              <PeriodEditor
                key={found.id}
                collectionId={collectionId}
                period={found}
                periods={all}
                forms={forms.data ?? []}
                listPath={listPath}
              />
            )}
          </QueryState>
        )}
      </QueryState>
    );
  }
  return (
    <QueryState query={periods} isEmpty={() => false}>
      {(all) => (
        <PeriodEditor
          collectionId={collectionId}
          periods={all}
          forms={forms.data ?? []}
          listPath={listPath}
        />
      )}
    </QueryState>
  );
}
