import type { SubmissionView } from '@dcf/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { type SubmissionPageKey, useSubmission } from '../../api/submissions';
import { viewKeys } from '../../api/views';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { Breadcrumbs, PageContainer, QueryState, usePageTitle } from '../../components';
import { NextReturn } from './next-return';
import { isReturnOutcome, outcomeText, type ReturnOutcome } from './outcomes';
import { returnCrumbs } from './return-crumbs';
import { returnRoute } from './return-route';

const CHANGED = 'This return has changed';

/**
 * The confirmation page (route: /form/collection/{c}/organisation/{o}/reportingPeriod/{rp}/confirmation/
 * {outcome}, decision 0037), as GOV.UK's confirmation pattern: a green panel that says what was done
 * (the page's h1, focused on arrival), what happens next, a link back to the return and to the
 * person's next return. Whoever sends a person here has put the return's new view in the query cache
 * (check your answers invalidates it, the form's actions set it).
 */
export function ConfirmationPage() {
  const params = useParams();
  const { collectionId, organisationId, reportingPeriodId } = returnRoute(params);
  const outcome = params.outcome;
  if (
    collectionId === undefined ||
    organisationId === undefined ||
    reportingPeriodId === undefined ||
    !isReturnOutcome(outcome)
  )
    return (
      <PageContainer title="Page not found">
        <p className="nhsuk-body">This confirmation does not exist.</p>
      </PageContainer>
    );
  return (
    <Confirmation
      key={`${collectionId}-${organisationId}-${reportingPeriodId}-${outcome}`}
      pageKey={{ collectionId, organisationId, reportingPeriodId }}
      outcome={outcome}
    />
  );
}

/** Whether the return is still as the outcome left it (an old address may be opened again later). */
function stillTrue(outcome: ReturnOutcome, view: SubmissionView): boolean {
  switch (outcome) {
    case 'submitted':
    case 'authorised':
      return view.status === 'completed';
    case 'nhsiAuthorised':
      return view.nhsiAuthorisedBy !== null;
    case 'returned':
      return view.returned !== null;
    case 'sentForSignOff':
      return view.sentForSignOff !== null;
    case 'sentBack':
      return view.sentBack !== null;
  }
}

function Confirmation({ pageKey, outcome }: { pageKey: SubmissionPageKey; outcome: ReturnOutcome }) {
  const user = useUser();
  const submission = useSubmission(pageKey);
  const text = outcomeText[outcome];
  const view = submission.data;
  const current = view ? stillTrue(outcome, view) : true;
  // The page's h1 is the panel's heading; the title is set here, after PageContainer's (effects run
  // child first), so it names the outcome.
  usePageTitle(current ? text.title : CHANGED);
  // The person's lists (worklists, homes, monitoring) changed with the outcome: the next-return link reads them fresh.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: viewKeys.all });
  }, [queryClient]);
  const formHref = paths.form(pageKey.collectionId, pageKey.organisationId, pageKey.reportingPeriodId);
  const crumbs = returnCrumbs(user, { ...pageKey, periodName: view?.period.name });
  return (
    <PageContainer
      breadcrumbs={
        <Breadcrumbs
          items={[
            ...crumbs,
            { text: view?.collectionName ?? 'Return', href: formHref },
            { text: 'Confirmation' },
          ]}
        />
      }
    >
      <QueryState query={submission}>
        {(loaded) =>
          stillTrue(outcome, loaded) ? (
            <>
              <div className="nhsuk-panel">
                <h1 className="nhsuk-panel__heading">{text.title}</h1>
                <div className="nhsuk-panel__body">
                  {loaded.collectionName}
                  <br />
                  <strong>
                    {loaded.organisationName} ({loaded.organisationCode}), {loaded.period.name}
                  </strong>
                </div>
              </div>
              <h2 className="nhsuk-heading-m">What happens next</h2>
              {text.next(loaded).map((line) => (
                <p key={line} className="nhsuk-body">
                  {line}
                </p>
              ))}
              {/* The way on (decision 0036): the return itself, and the home page with the person's worklists. */}
              <ul className="nhsuk-list">
                <li>
                  <Link to={formHref}>View the return</Link>
                </li>
                <li>
                  <Link to={paths.landing}>Go to your home page</Link>
                </li>
              </ul>
              <NextReturn work={text.nextWork} view={loaded} />
            </>
          ) : (
            <>
              <h1 className="nhsuk-heading-l">{CHANGED}</h1>
              <p className="nhsuk-body">
                Someone has acted on this return since. <Link to={formHref}>Open the return</Link> to see
                where it is now.
              </p>
            </>
          )
        }
      </QueryState>
    </PageContainer>
  );
}
