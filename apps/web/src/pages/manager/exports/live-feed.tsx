import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { InsetText } from '../../../components';

/** The collection's OData feed (decision 0040), as Power BI and Excel need it: an absolute address. */
export function feedAddress(collectionId: number, origin = window.location.origin): string {
  return `${origin}/v1/api/OData/Collection/${collectionId}`;
}

/**
 * Where a manager finds the live feed of a collection's returns: its address, ready to paste into
 * Power BI's or Excel's 'OData feed', and how to sign in there (email and a personal access token;
 * the product's own sign-in page cannot be used by those tools). docs/odata-feed.md says more.
 */
export function LiveFeed({ collectionId, collectionName }: { collectionId: number; collectionName: string }) {
  const id = `live-feed-${collectionId}`;
  return (
    <InsetText>
      <h3 className="nhsuk-heading-s" id={id}>
        Read {collectionName} live in Power BI or Excel
      </h3>
      <p className="nhsuk-body">
        In Power BI or Excel choose Get data, then OData feed, and paste this address:
      </p>
      <p className="nhsuk-body">
        <code className="dcf-feed-address">{feedAddress(collectionId)}</code>
      </p>
      <p className="nhsuk-body">
        When asked to sign in, choose Basic: your email address as user name and a{' '}
        <Link to={paths.accessTokens}>personal access token</Link> with Read data as password. Each refresh
        shows the returns as they are then, and only those you may see.
      </p>
    </InsetText>
  );
}
