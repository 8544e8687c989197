import { type ErrorCode, errorCodes, problemSchema, problemType } from '@dcf/domain';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import { CSRF_HEADER } from './csrf';
import type { AccessRule } from './policy';
import { API_PREFIX } from './request-context';
import { SESSION_COOKIE } from './sessions';

/**
 * The OpenAPI document integrators build on (GET /v1/api/openapi.json, linted by Redocly's
 * recommended rules in test/openapi.test.ts): every /v1/api operation with an operationId, a summary,
 * the security it needs (the session cookie; the anti-forgery header on writes) and problem details
 * with their codes for every 4XX and 5XX answer. The development sign-in provider (/oidc) and the
 * embedded store's signed file links (/blobs) are not API and are left out.
 */

type JsonObject = Record<string, unknown>;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const problemRef = { $ref: '#/components/schemas/Problem' };

const codeTable = Object.entries(errorCodes)
  .map(([code, { status, meaning }]) => `| \`${code}\` | ${status} | ${meaning} |`)
  .join('\n');

/** The Problem schema with every code and its type URI spelled out. */
function problemComponent(): JsonObject {
  const schema = z.toJSONSchema(problemSchema, { target: 'openapi-3.0' }) as JsonObject;
  const properties = schema.properties as Record<string, JsonObject>;
  delete schema.$schema;
  properties.type = {
    ...properties.type,
    description: `The code as a URI: \`${problemType('{code}' as ErrorCode)}\``,
  };
  properties.code = {
    ...properties.code,
    description: 'Stable and machine-readable: switch on it, never on the title.',
  };
  return {
    ...schema,
    description: `RFC 9457 problem details. \`code\` is stable; \`title\` is the text a person reads.\n\n| code | usual status | meaning |\n| --- | --- | --- |\n${codeTable}`,
  };
}

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemRef } },
});

/** `GET /v1/api/Collection/:id/Form` -> getCollectionFormById-style ids and 'Get collection form' summaries. */
function operationNames(method: string, url: string) {
  const segments = url.slice(API_PREFIX.length).split('/').filter(Boolean);
  const words: string[] = [];
  let last = '';
  for (const segment of segments) {
    if (segment.startsWith(':')) last = segment.slice(1);
    else {
      words.push(segment);
      last = '';
    }
  }
  const verb = method.toLowerCase();
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  const by = last ? `By${last.charAt(0).toUpperCase()}${last.slice(1)}` : '';
  const spoken = words.map((w) => w.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()).join(' ');
  return {
    operationId: `${verb}${name}${by}`,
    summary: `${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${spoken || 'root'}${last ? ` by ${last}` : ''}`,
  };
}

/** The security an operation needs, from its access rule: none, the session, the anti-forgery header. */
function securityOf(method: string, access: AccessRule | undefined, tokenScope: 'submit' | undefined) {
  const requirement: Record<string, string[]> = {};
  if (access?.requiresSignIn) requirement.session = [];
  if (WRITE_METHODS.has(method)) requirement.csrf = [];
  const session = Object.keys(requirement).length > 0 ? [requirement] : [];
  // A personal access token (decision 0039) instead of the session: reads, and the return calls.
  const tokens =
    access?.requiresSignIn && !access.sessionOnly && (!WRITE_METHODS.has(method) || tokenScope === 'submit');
  return tokens ? [...session, { accessToken: [] }, { accessTokenBasic: [] }] : session;
}

/** OpenAPI 3.0 needs `type` beside `nullable`: a nullable union becomes a union of nullable members. */
function fixNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullableUnions(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const object = node as JsonObject;
  const members = (object.anyOf ?? object.oneOf) as JsonObject[] | undefined;
  if (object.nullable === true && object.type === undefined && Array.isArray(members)) {
    delete object.nullable;
    for (const member of members) if (member.$ref === undefined) member.nullable = true;
  }
  for (const value of Object.values(object)) fixNullableUnions(value);
}

/** See docs/api-changelog.md. */
export const API_VERSION = '1.12.0';

export function openapiOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Data Collection Framework API',
        // The API's own version (docs/api-changelog.md): minor for additions, major for a change that
        // can break a client; the path's /v1 changes only with the major version.
        version: API_VERSION,
        description:
          "Every route of the service. Sign in through the web app: the session is the `dcf_session` cookie, and every write echoes the `XSRF-TOKEN` cookie (the session's own token) in the `X-XSRF-TOKEN` header. Other systems use a personal access token instead (Bearer, or Basic with the user's email): reads, and the return calls for a submit token. Errors are RFC 9457 problem details with a stable `code` (see the Problem schema). Changes, with their dates: docs/api-changelog.md.",
      },
      servers: [{ url: config.publicUrl, description: 'This service' }],
      tags: [
        {
          name: 'OData',
          description:
            'A live OData v4 feed of each collection\u2019s returns for Power BI, Excel and other OData clients: point the client at `/v1/api/OData/Collection/{collectionId}`. Rows are those the caller may see; `$metadata` types a property per question; each data grid or edit grid is a linked entity set. Errors carry OData\u2019s `error` object beside the problem details (docs/odata-feed.md, decision 0040).',
        },
      ],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          csrf: { type: 'apiKey', in: 'header', name: CSRF_HEADER },
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal access token (`dcf_pat_...`), made on the "API access tokens" page: `Authorization: Bearer <token>`. A read token reads (GET); a submit token locks, saves and submits returns. Cookies are ignored and no anti-forgery header is needed.',
          },
          accessTokenBasic: {
            type: 'http',
            scheme: 'basic',
            description:
              "The same token as HTTP Basic: the user's email as user name, the token as password (what Power BI's and Excel's OData connectors send).",
          },
        },
      },
    },
    transform: (input) => {
      const { url, route } = input;
      if (!url.startsWith(API_PREFIX)) return { schema: { ...input.schema, hide: true }, url };
      const result = jsonSchemaTransform(input);
      const method = [route.method].flat()[0] ?? 'GET';
      const schema = result.schema as FastifySchema & { operationId?: string };
      const names = operationNames(method, url);
      return {
        url: result.url,
        schema: {
          ...schema,
          operationId: schema.operationId ?? names.operationId,
          summary: schema.summary ?? names.summary,
          security: securityOf(
            method,
            route.config?.access as AccessRule | undefined,
            route.config?.tokenScope,
          ),
        },
      };
    },
    transformObject: (documents) => {
      const document = ('openapiObject' in documents ? documents.openapiObject : {}) as JsonObject & {
        paths?: Record<string, Record<string, JsonObject>>;
      };
      for (const operations of Object.values(document.paths ?? {}))
        for (const operation of Object.values(operations)) {
          const responses = (operation.responses ?? {}) as JsonObject;
          operation.responses = {
            ...responses,
            '4XX': problemResponse('Refused: the problem\u2019s `code` says why (see the Problem schema).'),
            '5XX': problemResponse('Failed: `internal_error`, or `database_unavailable` (retry later).'),
          };
        }
      fixNullableUnions(document.paths);
      const components = (document.components ?? {}) as JsonObject;
      document.components = {
        ...components,
        schemas: { ...(components.schemas as JsonObject | undefined), Problem: problemComponent() },
      };
      return document;
    },
  };
}
