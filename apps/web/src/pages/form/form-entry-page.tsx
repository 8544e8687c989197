import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useReportingPeriods } from '../../api/reporting-periods';
import { type SubmissionPageKey, useSubmission } from '../../api/submissions';
import { useUser } from '../../app/current-user-context';
import { paths, routeId } from '../../app/paths';
import { Breadcrumbs, PageContainer, QueryState } from '../../components';
import { CollectionGuidanceNote } from '../submitter/collection-guidance';
import { FormEntry } from './form-entry';
import { returnCrumbs } from './return-crumbs';
import { returnRoute } from './return-route';
import { RevisionCompare, type RevisionLinks, RevisionsList, RevisionView } from './revisions';

/**
 * Form entry (route: /form/collection/{collectionId}/organisation/{organisationId}/reportingPeriod/
 * {reportingPeriodId?}). Without a period, opens the open one. The revisions screens live on the same
 * route, chosen by the query string (`?view=revisions`, `?revision=ID`, `?compare=A,B`), so leaving the
 * form for them still passes through the unsaved-changes prompt.
 */
export function FormEntryPage() {
  const params = useParams();
  const { collectionId, organisationId, reportingPeriodId } = returnRoute(params);
  if (collectionId === undefined || organisationId === undefined)
    return (
      <PageContainer title="Form">
        <p className="nhsuk-body">This return does not exist.</p>
      </PageContainer>
    );
  if (reportingPeriodId === undefined)
    return <OpenPeriodRedirect collectionId={collectionId} organisationId={organisationId} />;
  return (
    <SubmissionScreens
      pageKey={{ collectionId, organisationId, reportingPeriodId }}
      key={`${collectionId}-${organisationId}-${reportingPeriodId}`}
    />
  );
}

/** The period to open when the address names none: the open one, else the latest that has started. */
function OpenPeriodRedirect({
  collectionId,
  organisationId,
}: {
  collectionId: number;
  organisationId: number;
}) {
  const periods = useReportingPeriods(collectionId);
  return (
    <PageContainer title="Form">
      <QueryState query={periods} emptyMessage="This collection has no reporting periods.">
        {(list) => {
          const open = list.find((p) => p.reportingPeriodStatus === 'Open');
          const started = list.filter((p) => p.reportingPeriodStatus !== 'Future').at(-1);
          const target = open ?? started;
          return target ? (
            <Navigate replace to={paths.form(collectionId, organisationId, target.id)} />
          ) : (
            <p className="nhsuk-body">No reporting period of this collection has opened yet.</p>
          );
        }}
      </QueryState>
    </PageContainer>
  );
}

function SubmissionScreens({ pageKey }: { pageKey: SubmissionPageKey }) {
  const user = useUser();
  const submission = useSubmission(pageKey);
  const [search] = useSearchParams();
  const base = paths.form(pageKey.collectionId, pageKey.organisationId, pageKey.reportingPeriodId);
  const links: RevisionLinks = useMemo(
    () => ({
      form: base,
      revision: (id) => `${base}?revision=${id}`,
      compare: (before, after) => `${base}?compare=${before},${after}`,
    }),
    [base],
  );
  const revisionId = routeId(search.get('revision') ?? undefined);
  const [before, after] = (search.get('compare') ?? '').split(',').map((part) => routeId(part));
  const listing = search.get('view') === 'revisions';
  const data = submission.data;
  const title = data ? data.collectionName : 'Form';
  const subtitle = data ? `${data.organisationName} (${data.organisationCode}), ${data.period.name}` : '';
  const screen =
    before !== undefined && after !== undefined
      ? 'Compare revisions'
      : revisionId !== undefined
        ? 'Revision'
        : listing
          ? 'Revisions'
          : null;
  return (
    <PageContainer
      title={screen ? `${title}: ${screen}` : title}
      breadcrumbs={
        <Breadcrumbs
          items={[
            ...returnCrumbs(user, { ...pageKey, periodName: data?.period.name }),
            ...(screen ? [{ text: title, href: base }, { text: screen }] : [{ text: title }]),
          ]}
        />
      }
    >
      {subtitle ? <p className="nhsuk-lede-text">{subtitle}</p> : null}
      {data && !screen ? (
        <CollectionGuidanceNote
          collectionId={pageKey.collectionId}
          collectionName={data.collectionName}
          variant="inset"
        />
      ) : null}
      <QueryState query={submission}>
        {(view) =>
          before !== undefined && after !== undefined ? (
            <RevisionCompare view={view} before={before} after={after} links={links} />
          ) : revisionId !== undefined ? (
            <RevisionView view={view} revisionId={revisionId} links={links} />
          ) : listing ? (
            <RevisionsList view={view} links={links} />
          ) : (
            <FormEntry pageKey={pageKey} view={view} revisionsHref={`${base}?view=revisions`} />
          )
        }
      </QueryState>
    </PageContainer>
  );
}
