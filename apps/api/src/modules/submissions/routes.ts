import {
  idParam,
  releaseLockQuerySchema,
  reopenSubmissionBodySchema,
  returnSubmissionBodySchema,
  revisionListQuerySchema,
  savedRevisionSchema,
  saveRevisionBodySchema,
  sendBackBodySchema,
  softDeleteRevisionsBodySchema,
  submissionRevisionListSchema,
  submissionRevisionSchema,
  submissionViewSchema,
  takeLockBodySchema,
} from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import * as revisions from './revisions';
import { pageScope, revisionListScope, revisionScope, softDeleteScope, submissionScope } from './scopes';
import * as service from './service';
import * as workflow from './workflow';

const tags = ['Submissions'];
const id = idParam;
const pageParams = z.object({ id, rpId: id, orgId: id });
const idParams = z.object({ id });
const pageKey = (p: z.infer<typeof pageParams>) => ({
  collectionId: p.id,
  periodId: p.rpId,
  organisationId: p.orgId,
});
const PAGE = '/Collection/:id/ReportingPeriod/:rpId/Organisation/:orgId/Submission';

export const submissionRoutes: RouteModule = (app, { database: { db }, box }) => {
  app.get(
    PAGE,
    {
      config: { access: access.organisationDataRead(pageScope) },
      schema: { tags, params: pageParams, response: { 200: submissionViewSchema } },
    },
    async (request) => service.getSubmissionView(db, principalOf(request), pageKey(request.params)),
  );

  app.post(
    `${PAGE}/Lock`,
    {
      config: { access: access.organisationDataEdit(pageScope), tokenScope: 'submit' },
      schema: {
        tags,
        description:
          'Takes or renews (heartbeat) the lock; creates the submission on first use. `pageToken` names the ' +
          'page asking: once that page has released the lock, its lock requests are refused (409 lock_page_closed).',
        params: pageParams,
        body: takeLockBodySchema,
        response: { 200: submissionViewSchema },
      },
    },
    async (request) =>
      service.takeLock(
        db,
        principalOf(request),
        pageKey(request.params),
        request.id,
        request.body?.pageToken,
      ),
  );

  app.delete(
    `${PAGE}/Lock`,
    {
      config: { access: access.submissionLockRelease(pageScope), tokenScope: 'submit' },
      schema: {
        tags,
        description:
          'With `pageToken`: the page is leaving; the lock is dropped if that page holds it, and its later ' +
          "lock requests are refused. Without: releases the lock (someone else's: a collection manager or " +
          "the organisation's authoriser).",
        params: pageParams,
        querystring: releaseLockQuerySchema,
      },
    },
    async (request, reply) => {
      await service.releaseLock(
        db,
        principalOf(request),
        pageKey(request.params),
        request.id,
        request.query.pageToken,
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/Submission/:id/SubmissionRevision',
    {
      config: {
        access: access.organisationDataEdit(submissionScope),
        tokenScope: 'submit',
        admission: 'save',
      },
      schema: {
        tags,
        params: idParams,
        body: saveRevisionBodySchema,
        response: { 201: savedRevisionSchema },
      },
    },
    async (request, reply) => {
      // Server-Timing tells the browser's developer tools (and the benchmark) what validation cost.
      const saved = await service.saveRevision(
        { db, box, log: request.log },
        principalOf(request),
        request.params.id,
        request.body,
        request.id,
        (ms) => reply.header('Server-Timing', `validate;dur=${ms.toFixed(2)}`),
      );
      return reply.status(201).send(saved);
    },
  );

  app.get(
    '/Submission/SubmissionRevisions',
    {
      config: { access: access.organisationDataRead(revisionListScope) },
      schema: { tags, querystring: revisionListQuerySchema, response: { 200: submissionRevisionListSchema } },
    },
    async (request) => revisions.listRevisions(db, principalOf(request), request.query),
  );

  app.put(
    '/Submission/SubmissionRevisions/SoftDelete',
    {
      config: { access: access.submissionManage(softDeleteScope) },
      schema: { tags, body: softDeleteRevisionsBodySchema },
    },
    async (request, reply) => {
      await revisions.softDeleteRevisions(db, principalOf(request), request.body.revisionIds, request.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/SubmissionRevision/:id',
    {
      config: { access: access.organisationDataRead(revisionScope) },
      schema: { tags, params: idParams, response: { 200: submissionRevisionSchema } },
    },
    async (request) => revisions.getRevision(db, principalOf(request), request.params.id),
  );

  app.post(
    '/Submission/:id/Return',
    {
      config: { access: access.submissionManage(submissionScope) },
      schema: {
        tags,
        params: idParams,
        body: returnSubmissionBodySchema,
        response: { 200: submissionViewSchema },
      },
    },
    async (request) =>
      workflow.returnSubmission(db, principalOf(request), request.params.id, request.body.reason, request.id),
  );

  app.post(
    '/Submission/:id/SendBack',
    {
      config: { access: access.submissionSendBack(submissionScope) },
      schema: {
        tags,
        description:
          "The organisation's own authoriser sends a saved draft back to its clerks with a reason (emailed, " +
          'shown on the return and their Returned to you list).',
        params: idParams,
        body: sendBackBodySchema,
        response: { 200: submissionViewSchema },
      },
    },
    async (request) =>
      workflow.sendBack(db, principalOf(request), request.params.id, request.body.reason, request.id),
  );

  app.post(
    '/Submission/:id/Reopen',
    {
      config: { access: access.submissionManage(submissionScope) },
      schema: {
        tags,
        params: idParams,
        body: reopenSubmissionBodySchema,
        response: { 200: submissionViewSchema },
      },
    },
    async (request) =>
      workflow.reopenSubmission(db, principalOf(request), request.params.id, request.body.until, request.id),
  );

  app.post(
    `${PAGE}/Reopen`,
    {
      config: { access: access.submissionManage(pageScope) },
      schema: {
        tags,
        description:
          "Reopens one organisation's return until an instant, creating it if it was never started.",
        params: pageParams,
        body: reopenSubmissionBodySchema,
        response: { 200: submissionViewSchema },
      },
    },
    async (request) =>
      workflow.reopenReturn(
        db,
        principalOf(request),
        pageKey(request.params),
        request.body.until,
        request.id,
      ),
  );

  app.post(
    '/Submission/:id/NhsiAuthorisation',
    {
      config: { access: access.nhsiAuthorisation(submissionScope) },
      schema: { tags, params: idParams, response: { 200: submissionViewSchema } },
    },
    async (request) => workflow.authoriseNhsi(db, principalOf(request), request.params.id, request.id),
  );
};
