import { Details } from '../../components';

/**
 * How a system sends a token, and the bulk call, in short (the full guide: docs/api-access.md). In an
 * NHS.UK details element, so it does not push the list and the form down.
 */
export function UsingAToken() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Details summary="How to use a token">
      <p className="nhsuk-body">
        Send it in the <code>Authorization</code> header, as Bearer, or as Basic with your email address as
        the user name and the token as the password (Power BI and Excel: choose Basic):
      </p>
      <pre className="dcf-code-example">
        <code>{`curl -H "Authorization: Bearer $TOKEN" ${origin}/v1/api/User/Current`}</code>
      </pre>
      <p className="nhsuk-body">
        A submit token can send many organisations’ returns in one call, one row per organisation with a
        column per question named as in the collection’s export. Each row is checked and saved on its own; the
        answer has a result per row. Send the same client reference to retry safely:
      </p>
      <pre className="dcf-code-example">
        <code>{`curl -X POST -H "Authorization: Bearer $TOKEN" -H "content-type: text/csv" \\
  "${origin}/v1/api/Collection/{collectionId}/ReportingPeriod/{periodId}/Submission/Bulk?action=submit&declaration=true&clientReference=run-1" \\
  --data-binary @returns.csv`}</code>
      </pre>
      <p className="nhsuk-body">
        Every route is described in the <a href="/v1/api/docs">API reference</a>.
      </p>
    </Details>
  );
}
