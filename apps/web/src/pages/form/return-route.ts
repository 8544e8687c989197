import type { Params } from 'react-router';
import { routeId } from '../../app/paths';

/** The return a /form/... route names: its collection, organisation and period ids (undefined unless digits). */
export const returnRoute = (params: Params) => ({
  collectionId: routeId(params.collectionId),
  organisationId: routeId(params.organisationId),
  reportingPeriodId: routeId(params.reportingPeriodId),
});
