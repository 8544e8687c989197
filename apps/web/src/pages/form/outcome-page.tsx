import { Link, useParams } from 'react-router';
import { useSubmission } from '../../api/submissions';
import { paths } from '../../app/paths';
import { PageContainer, QueryState, usePageTitle } from '../../components';

const asId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : undefined);

/** The outcomes of handing a return between people (decision 0036). */
export type Outcome = 'sentForSignOff' | 'sentBack';
const titles: Record<Outcome, string> = {
  sentForSignOff: 'Return sent for sign-off',
  sentBack: 'Return sent back',
};

/**
 * The end of a handover, confirmed on a page of its own (product decisions, "The return between
 * people"): a panel saying what happened, what happens next, and the way on. Route:
 * /form/collection/{c}/organisation/{o}/reportingPeriod/{rp}/done/{outcome}. Minimal: the confirmation
 * pages of issue 26 item 3 give it their final shape.
 */
export function OutcomePage() {
  const params = useParams();
  const collectionId = asId(params.collectionId);
  const organisationId = asId(params.organisationId);
  const reportingPeriodId = asId(params.reportingPeriodId);
  const outcome = params.outcome as Outcome;
  const title = titles[outcome];
  usePageTitle(title);
  if (collectionId === undefined || organisationId === undefined || reportingPeriodId === undefined || !title)
    return (
      <PageContainer title="Page not found">
        <p className="nhsuk-body">This page does not exist.</p>
      </PageContainer>
    );
  return (
    <OutcomeScreen
      pageKey={{ collectionId, organisationId, reportingPeriodId }}
      outcome={outcome}
      title={title}
    />
  );
}

function OutcomeScreen({
  pageKey,
  outcome,
  title,
}: {
  pageKey: { collectionId: number; organisationId: number; reportingPeriodId: number };
  outcome: Outcome;
  title: string;
}) {
  const submission = useSubmission(pageKey);
  const formHref = paths.form(pageKey.collectionId, pageKey.organisationId, pageKey.reportingPeriodId);
  return (
    <PageContainer>
      <QueryState query={submission}>
        {(view) => (
          <>
            <div className="nhsuk-panel">
              <h1 className="nhsuk-panel__heading nhsuk-panel__heading--l">{title}</h1>
              <div className="nhsuk-panel__body">
                {view.collectionName}: {view.organisationName} ({view.organisationCode}), {view.period.name}
              </div>
            </div>
            <h2 className="nhsuk-heading-m">What happens next</h2>
            {outcome === 'sentForSignOff' ? (
              <p className="nhsuk-body">
                We have emailed the authorisers of {view.organisationName}. One of them will check the return
                and submit it, or send it back to you with a reason.
              </p>
            ) : (
              <p className="nhsuk-body">
                We have emailed the reason to the data entry clerks of {view.organisationName}. The return
                comes back to your list when they send it for sign-off again.
              </p>
            )}
            <ul className="nhsuk-list">
              <li>
                <Link to={outcome === 'sentBack' ? paths.worklistSignOff : paths.landing}>
                  {outcome === 'sentBack' ? 'Returns waiting for your sign-off' : 'Go to your home page'}
                </Link>
              </li>
              <li>
                <Link to={formHref}>View the return</Link>
              </li>
            </ul>
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}
