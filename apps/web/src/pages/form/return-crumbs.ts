import { type CurrentUser, worklistTitles } from '@dcf/domain';
import { paths } from '../../app/paths';
import type { Crumb } from '../../components';

export interface ReturnPlace {
  collectionId: number;
  organisationId: number;
  reportingPeriodId: number;
  /** The period's name, when known (the monitoring crumb names it). */
  periodName?: string | undefined;
}

/**
 * The breadcrumbs that lead to a return, from the list each person reached it by (decision 0037): the
 * organisation's clerks and authorisers from Submitter; those who manage or monitor the collection
 * (and administrators) from the period's monitoring page; an NHSI user from the NHSI worklist. The
 * 'Submitter' crumb led managers and NHSI users to Forbidden before.
 */
export function returnCrumbs(user: CurrentUser, place: ReturnPlace): Crumb[] {
  const submits = user.collectionOrganisationRoles.some(
    (r) => r.collectionId === place.collectionId && r.organisationId === place.organisationId,
  );
  if (submits) return [{ text: 'Submitter', href: paths.submitterHome }];
  const monitors =
    user.isSuperAdmin ||
    user.isCollectionAdmin ||
    user.collectionRoles.some((r) => r.collectionId === place.collectionId);
  if (monitors)
    return [
      { text: 'Collections you manage', href: paths.managerHome },
      {
        text: place.periodName ?? 'Reporting period',
        href: paths.managerReportingPeriod(place.reportingPeriodId),
      },
    ];
  if (user.isManagementOrganisationUser)
    return [{ text: worklistTitles.nhsiAuthorisation, href: paths.worklistNhsi }];
  return [];
}
