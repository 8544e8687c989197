import { idParam } from '@dcf/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { metadataXml, serviceDocument } from './metadata';
import { PAGE_SIZE, preferredPageSize, readOptions } from './options';
import { readCount, readModel, readPage } from './service';

/**
 * The OData v4 feed of a collection's returns (decision 0040), for Power BI, Excel and any OData
 * client: the service document, $metadata and one entity set per table. Read access is the
 * collection's (`collectionRead`: whoever sees the collection), and every row is then filtered by the
 * visibility rule, so a clerk reads their own organisations' returns and a manager all of theirs.
 */
const tags = ['OData'];
const collectionParams = z.object({ id: idParam });
const setParams = collectionParams.extend({
  set: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/),
});
const optionText = z.string().optional();
/** The system query options the feed reads (options.ts checks them; an unsupported one is a 400). */
const feedQuery = z
  .object({
    $select: optionText.describe('Comma-separated properties, or *'),
    $filter: optionText.describe('eq, ne, gt, ge, lt, le, and, or, not and parentheses'),
    $orderby: optionText.describe('Comma-separated properties, each optionally asc or desc'),
    $top: optionText,
    $skip: optionText,
    $count: optionText.describe('true adds @odata.count'),
    $skiptoken: optionText.describe('Set by the feed in @odata.nextLink'),
  })
  .catchall(z.unknown());

const ODATA_JSON = 'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false';

/**
 * The absolute URL of the collection's service root, on the service's configured address (PUBLIC_URL),
 * not the request's Host header: a client follows @odata.nextLink with its credentials, so the link must
 * never name a host a request made up.
 */
const serviceRootOf = (publicUrl: string, collectionId: number) =>
  `${publicUrl}/v1/api/OData/Collection/${collectionId}`;

const odata = (reply: FastifyReply) => reply.header('odata-version', '4.0');

export const odataRoutes: RouteModule = (app, { config, database: { db } }) => {
  app.get(
    '/OData/Collection/:id',
    {
      config: { access: access.collectionRead() },
      schema: {
        tags,
        operationId: 'getODataServiceDocument',
        description:
          'The OData service document of the collection feed: its entity sets (Returns and one per grid).',
        params: collectionParams,
      },
    },
    async (request, reply) => {
      const model = await readModel(db, request.params.id);
      return odata(reply)
        .type(ODATA_JSON)
        .send(serviceDocument(serviceRootOf(config.publicUrl, request.params.id), model));
    },
  );

  app.get(
    '/OData/Collection/:id/$metadata',
    {
      config: { access: access.collectionRead() },
      schema: {
        tags,
        operationId: 'getODataMetadata',
        description:
          'CSDL (XML) of the feed: Returns with a typed property per question, one entity set per data grid or edit grid.',
        params: collectionParams,
      },
    },
    async (request, reply) => {
      const model = await readModel(db, request.params.id);
      return odata(reply).type('application/xml').send(metadataXml(model));
    },
  );

  app.get(
    '/OData/Collection/:id/:set/$count',
    {
      config: { access: access.collectionRead() },
      schema: {
        tags,
        operationId: 'getODataEntitySetCount',
        description:
          'The number of rows of an entity set the caller may see that $filter keeps, as plain text.',
        params: setParams,
        querystring: feedQuery,
      },
    },
    async (request, reply) => {
      const count = await readCount(db, principalOf(request), {
        collectionId: request.params.id,
        setName: request.params.set,
        options: readOptions(request.query),
      });
      return odata(reply).type('text/plain; charset=utf-8').send(String(count));
    },
  );

  app.get(
    '/OData/Collection/:id/:set',
    {
      config: { access: access.collectionRead() },
      schema: {
        tags,
        operationId: 'getODataEntitySet',
        description:
          'One page of an entity set (Returns, or a grid by its name in the service document) as OData JSON, rows the caller may see only; @odata.nextLink gives the next page.',
        params: setParams,
        querystring: feedQuery,
      },
    },
    async (request, reply) => {
      const options = readOptions(request.query);
      const preferred = preferredPageSize(request.headers.prefer);
      const query = new URLSearchParams(request.raw.url?.split('?')[1] ?? '');
      query.delete('$skiptoken');
      const page = await readPage(
        db,
        principalOf(request),
        {
          collectionId: request.params.id,
          setName: request.params.set,
          options,
          pageSize: preferred ?? PAGE_SIZE,
          serviceRoot: serviceRootOf(config.publicUrl, request.params.id),
          query,
        },
        request.id,
      );
      if (preferred !== null) reply.header('preference-applied', `odata.maxpagesize=${preferred}`);
      return odata(reply).type(ODATA_JSON).send(page.stream);
    },
  );
};
