import {
  excelTemplateBodySchema,
  excelTemplateSchema,
  idParam,
  populateBodySchema,
  prefillResultSchema,
  xlsxContentType,
} from '@dcf/domain';
import { z } from 'zod';
import { access, type Locate, type OrganisationScope } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { pageScope } from '../submissions/scopes';
import { findSubmissionScope } from './queries';
import * as service from './service';

const tags = ['Excel templates'];
const collectionParams = z.object({ id: idParam });

/** Populate names its submission in the body: the submission must be of the collection in the path. */
const populateScope: Locate<OrganisationScope> = async ({ request, db }) => {
  const collectionId = Number((request.params as Record<string, string>).id);
  const submissionId = (request.body as { submissionId?: unknown } | undefined)?.submissionId;
  if (!Number.isInteger(collectionId) || !Number.isInteger(submissionId) || (submissionId as number) <= 0)
    return null;
  return (await findSubmissionScope(db, collectionId, submissionId as number)) ?? null;
};

export const excelRoutes: RouteModule = (app, { config, database: { db } }) => {
  // A filled template arrives as the request body itself (no multipart), up to the file size limit.
  app.addContentTypeParser(
    [xlsxContentType, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: config.storage.maxFileMb * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/Collection/:id/Form/ExcelTemplate',
    {
      config: { access: access.collectionRead() },
      schema: { tags, params: collectionParams, response: { 200: excelTemplateSchema } },
    },
    async (request) => service.getExcelTemplate(db, request.params.id),
  );

  app.patch(
    '/Collection/:id/Form/ExcelTemplate',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: collectionParams,
        body: excelTemplateBodySchema,
        response: { 200: excelTemplateSchema },
      },
    },
    async (request) =>
      service.recordExcelTemplate(
        db,
        config,
        principalOf(request),
        request.params.id,
        request.body,
        request.id,
      ),
  );

  app.post(
    '/Collection/:id/Form/:formId/ExcelTemplate/Populate',
    {
      config: { access: access.organisationDataRead(populateScope) },
      schema: {
        tags,
        summary: "The collection's template filled with a submission's answers (.xlsx)",
        params: collectionParams.extend({ formId: idParam }),
        body: populateBodySchema,
      },
    },
    async (request, reply) => {
      const { fileName, data } = await service.populateExcelTemplate(
        db,
        config,
        principalOf(request),
        request.params.id,
        request.params.formId,
        request.body,
      );
      return reply
        .header('content-type', xlsxContentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  app.post(
    '/Submission/Prefill/Collection/:id/ReportingPeriod/:rpId/Organisation/:orgId',
    {
      config: { access: access.organisationDataEdit(pageScope) },
      schema: {
        tags,
        summary:
          'Answers read from a filled template (.xlsx body), with a cell-by-cell report; nothing is saved',
        params: collectionParams.extend({
          rpId: idParam,
          orgId: idParam,
        }),
        response: { 200: prefillResultSchema },
      },
    },
    async (request) =>
      service.prefillFromWorkbook(
        db,
        config,
        {
          collectionId: request.params.id,
          periodId: request.params.rpId,
          organisationId: request.params.orgId,
        },
        request.body,
      ),
  );
};
