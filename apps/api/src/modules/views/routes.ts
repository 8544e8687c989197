import {
  adminSubmissionsQuerySchema,
  adminSubmissionsSchema,
  collectionPeriodListSchema,
  collectionPeriodQuerySchema,
  idParam,
  managerCollectionHomeSchema,
  managerHomeSchema,
  nonSubmitterListSchema,
  nonSubmitterQuerySchema,
  organisationHistorySchema,
  periodSubmissionListSchema,
  periodSubmissionQuerySchema,
  submitterHomeSchema,
  submitterHomesSchema,
  submitterReturnListSchema,
  submitterReturnQuerySchema,
  worklistCountsSchema,
  worklistSchema,
} from '@dcf/domain';
import { z } from 'zod';
import {
  access,
  collectionFromParam,
  intParam,
  type Locate,
  locatedBy,
  organisationFromParams,
} from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { nonSubmittersCsv } from './csv';
import { findPeriod, type PeriodWithCollectionRow } from './queries';
import * as service from './service';
import { getSubmitterReturns } from './submitter-returns-service';
import { getWorklist, getWorklistCounts } from './worklist-service';

const tags = ['Views'];
const id = idParam;
const collectionParams = z.object({ collectionId: id });
const organisationParams = collectionParams.extend({ orgId: id });
const periodParams = z.object({ periodId: id });

/**
 * Scope of the period views: the period's collection (no such period: 404). The period it reads, with
 * its collection's name, is handed to the service (`locatedBy`), which then does not read it again.
 */
export const periodCollection: Locate<{ collectionId: number; period: PeriodWithCollectionRow }> = async ({
  request,
  db,
}) => {
  const periodId = intParam(request, 'periodId');
  if (periodId === null) return null;
  const period = await findPeriod(db, periodId);
  return period ? { collectionId: period.collectionId, period } : null;
};

export const viewRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    '/View/Submitter/Home/Collection/:collectionId/Organisation/:orgId',
    {
      config: { access: access.organisationDataRead(organisationFromParams('collectionId', 'orgId')) },
      schema: { tags, params: organisationParams, response: { 200: submitterHomeSchema } },
    },
    async (request) =>
      service.getSubmitterHome(db, principalOf(request), request.params.collectionId, request.params.orgId),
  );

  // Decision 0034: every home of the user's own roles in one answer, whatever their number.
  app.get(
    '/View/Submitter/Homes',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary:
          'Every collection and organisation you submit for, each with its periods and guidance (own roles only)',
        response: { 200: submitterHomesSchema },
      },
    },
    async (request) => service.getSubmitterHomes(db, principalOf(request)),
  );

  // Decision 0025: every return of a clerk at many organisations, one request and one query.
  app.get(
    '/View/Submitter/Returns',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: 'Your returns across every organisation and collection you submit for (own roles only)',
        querystring: submitterReturnQuerySchema,
        response: { 200: submitterReturnListSchema },
      },
    },
    async (request) => getSubmitterReturns(db, principalOf(request), request.query),
  );

  app.get(
    '/View/Manager/Home',
    {
      config: { access: access.anyManager },
      schema: { tags, response: { 200: managerHomeSchema } },
    },
    async (request) => service.getManagerHome(db, principalOf(request)),
  );

  app.get(
    '/View/Manager/Home/Collection/:collectionId',
    {
      config: { access: access.collectionMonitor(collectionFromParam('collectionId')) },
      schema: { tags, params: collectionParams, response: { 200: managerCollectionHomeSchema } },
    },
    async (request) =>
      service.getManagerCollectionHome(db, principalOf(request), request.params.collectionId),
  );

  app.get(
    '/View/Manager/Collection/:collectionId/Organisation/:orgId/History',
    {
      config: { access: access.collectionMonitor(collectionFromParam('collectionId')) },
      schema: { tags, params: organisationParams, response: { 200: organisationHistorySchema } },
    },
    async (request) => service.getOrganisationHistory(db, request.params.collectionId, request.params.orgId),
  );

  app.get(
    '/View/Manager/Collection/:collectionId/ReportingPeriods',
    {
      config: { access: access.collectionMonitor(collectionFromParam('collectionId')) },
      schema: {
        tags,
        summary: 'Every reporting period of a collection (closed ones included) with its state and counts',
        params: collectionParams,
        querystring: collectionPeriodQuerySchema,
        response: { 200: collectionPeriodListSchema },
      },
    },
    async (request) => service.listCollectionPeriodSummaries(db, request.params.collectionId, request.query),
  );

  app.get(
    '/View/Manager/ReportingPeriod/:periodId/Submission',
    {
      config: { access: access.collectionMonitor(periodCollection) },
      schema: {
        tags,
        params: periodParams,
        querystring: periodSubmissionQuerySchema,
        response: { 200: periodSubmissionListSchema },
      },
    },
    async (request) =>
      service.listPeriodSubmissions(
        db,
        request.params.periodId,
        request.query,
        new Date(),
        locatedBy(request, periodCollection)?.period,
      ),
  );

  app.get(
    '/View/Manager/ReportingPeriod/:periodId/NonSubmitters',
    {
      config: { access: access.collectionMonitor(periodCollection) },
      schema: {
        tags,
        description:
          'Organisations that have not completed, with their clerks and authorisers; ?format=csv for a file.',
        params: periodParams,
        querystring: nonSubmitterQuerySchema,
        response: { 200: nonSubmitterListSchema.or(z.string()) },
      },
    },
    async (request, reply) => {
      const list = await service.listNonSubmitters(
        db,
        request.params.periodId,
        new Date(),
        locatedBy(request, periodCollection)?.period,
      );
      if (request.query.format !== 'csv') return list;
      const name = `non-submitters-${list.period.name.replace(/[^\w-]+/g, '-')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(`\uFEFF${nonSubmittersCsv(list)}`);
    },
  );

  app.get(
    '/View/Admin/Submissions',
    {
      config: { access: access.admin },
      schema: {
        tags,
        querystring: adminSubmissionsQuerySchema,
        response: { 200: adminSubmissionsSchema },
      },
    },
    async (request) => service.getAdminSubmissions(db, principalOf(request), request.query),
  );

  // The worklists (decision 0020): each answers only what the caller's own roles put on it.
  app.get(
    '/View/Worklist/Counts',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: 'How many returns wait on each of your worklists',
        response: { 200: worklistCountsSchema },
      },
    },
    async (request) => getWorklistCounts(db, principalOf(request)),
  );

  const worklists = [
    {
      url: '/View/Worklist/SignOff',
      kind: 'signOff',
      access: access.signedIn,
      summary: 'Drafts waiting for your sign-off (authorisers, where trust authorisation is required)',
    },
    {
      url: '/View/Worklist/NhsiAuthorisation',
      kind: 'nhsiAuthorisation',
      access: access.managementOrganisation,
      summary: 'Completed returns waiting for NHSI authorisation',
    },
    {
      url: '/View/Worklist/Returned',
      kind: 'returned',
      access: access.signedIn,
      summary: 'Returns a manager returned to your organisations for correction',
    },
  ] as const;
  for (const worklist of worklists)
    app.get(
      worklist.url,
      {
        config: { access: worklist.access },
        schema: { tags, summary: worklist.summary, response: { 200: worklistSchema } },
      },
      async (request) => getWorklist(db, principalOf(request), worklist.kind),
    );
};
