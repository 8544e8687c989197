import { idParam } from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { submissionScope } from '../submissions/scopes';
import { buildSubmissionPdf } from './service';

const tags = ['Files'];

export const pdfRoutes: RouteModule = (app, { database: { db }, box }) => {
  app.get(
    '/Submission/:id/Pdf',
    {
      config: { access: access.organisationDataRead(submissionScope) },
      schema: {
        tags,
        summary: 'A return as a PDF (the newest revision, or ?revisionId=)',
        params: z.object({ id: idParam }),
        querystring: z.object({ revisionId: idParam.optional() }),
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await buildSubmissionPdf(
        { db, box, log: request.log, requestId: request.id },
        principalOf(request),
        request.params.id,
        request.query.revisionId,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
