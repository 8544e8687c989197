import { idParam, messages } from '@dcf/domain';
import { CsvError } from 'csv-parse/sync';
import { z } from 'zod';
import { validationProblem } from '../../platform/errors';
import { hasForbiddenText } from '../../platform/hostile-input';
import { access, collectionFromParam } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { type BulkRow, rowsFromCsv, rowsFromJson } from './rows';
import { bulkReturns } from './service';

const MAX_ROWS = 20_000;

const params = z.object({ collectionId: idParam, periodId: idParam });
const query = z.object({
  /** save: drafts; submit: submitted returns (the declaration required). */
  action: z.enum(['save', 'submit']).default('save'),
  /** The submitter's declaration (messages.submissionDeclaration), for every row of a submit. */
  declaration: z.enum(['true', 'false']).default('false'),
  /** Names this request: the same reference again answers the first call's results and changes nothing. */
  clientReference: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.:-]+$/, 'Use letters, digits and . _ : - only')
    .optional(),
});
const jsonBody = z.object({
  returns: z.array(z.record(z.string(), z.unknown())).max(MAX_ROWS),
});
const rowResult = z.object({
  row: z.number().int(),
  organisationCode: z.string(),
  outcome: z.enum(['saved', 'submitted', 'refused']),
  submissionId: z.number().int().optional(),
  revisionId: z.number().int().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const response = z.object({
  clientReference: z.string().nullable(),
  /** True when this answers an earlier call with the same client reference: nothing was done again. */
  replayed: z.boolean(),
  counts: z.object({ saved: z.number().int(), submitted: z.number().int(), refused: z.number().int() }),
  results: z.array(rowResult),
});

/** Returns from other systems (decision 0039): many organisations' returns in one call. */
export const bulkReturnRoutes: RouteModule = (app, { database: { db }, box }) => {
  // CSV arrives as text; JSON goes through the app's own parser (hostile-input.ts).
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/Collection/:collectionId/ReportingPeriod/:periodId/Submission/Bulk',
    {
      // Whoever sees the collection may call it; each row then needs the right to edit (or submit) that
      // organisation's return, as in the browser.
      config: { access: access.collectionRead(collectionFromParam('collectionId')), tokenScope: 'submit' },
      bodyLimit: 50 * 1024 * 1024,
      schema: {
        tags: ['Submissions'],
        summary: 'Saves or submits many organisations’ returns, one row each (JSON or CSV)',
        description:
          'Body: `application/json` `{ "returns": [ { "organisationCode": "RJ1", "headcount": 120, ... } ] }` or ' +
          '`text/csv` with a header row `organisationCode,headcount,...`; the columns are the export’s keys ' +
          '(`staff[0].grade`, `services.xray`). Each row is the whole return of its organisation, saved (or ' +
          'submitted, with `declaration=true`) on its own through the same checks as the browser; the answer ' +
          'has a result per row. With `clientReference`, the same request again answers the first results.',
        params,
        querystring: query,
        body: z.union([jsonBody, z.string()]),
        response: { 200: response },
      },
    },
    async (request, reply) => {
      const rows = rowsOf(request.body);
      const result = await bulkReturns(
        { db, box, log: request.log },
        principalOf(request),
        request.params,
        {
          rows,
          action: request.query.action,
          declaration: request.query.declaration === 'true',
          clientReference: request.query.clientReference ?? null,
        },
        request.id,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return result;
    },
  );
};

function rowsOf(body: z.infer<typeof jsonBody> | string): BulkRow[] {
  if (typeof body !== 'string') return rowsFromJson(body.returns);
  if (hasForbiddenText(body)) throw validationProblem({ request: [messages.controlCharacters] });
  try {
    const rows = rowsFromCsv(body);
    if (rows.length > MAX_ROWS) throw validationProblem({ request: [`At most ${MAX_ROWS} rows`] });
    return rows;
  } catch (error) {
    if (error instanceof CsvError)
      throw validationProblem({ request: [`The CSV cannot be read: ${error.message}`] });
    throw error;
  }
}
