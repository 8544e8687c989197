import { idParam, storageTokenSchema, storageTokensBodySchema } from '@dcf/domain';
import { z } from 'zod';
import { type AccessRule, access, organisationFromParams } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { issueTokens, type TokenMode } from './service';

const tags = ['Storage'];
const collectionParams = z.object({ id: idParam });
const organisationParams = collectionParams.extend({ orgId: idParam });

/**
 * POST /Storage/StorageTokensFor{Upload,Download}/Collection/{id}/Organisation/{orgId?}. The specification's
 * optional orgId is two routes with two rules: without it, the collection's Excel template (upload: who sets
 * the collection up; download: anyone in the collection, so submitters can fill it in); with it, that
 * organisation's attachments (upload: who may edit its returns; download: who may read them).
 */
export const storageRoutes: RouteModule = (app, { config, database: { db } }) => {
  const rules: Record<TokenMode, { template: AccessRule; media: AccessRule }> = {
    upload: {
      template: access.collectionSetup(),
      media: access.organisationDataEdit(organisationFromParams()),
    },
    download: {
      template: access.collectionRead(),
      media: access.organisationDataRead(organisationFromParams()),
    },
  };
  for (const mode of ['upload', 'download'] as const) {
    const base = `/Storage/StorageTokensFor${mode === 'upload' ? 'Upload' : 'Download'}/Collection/:id/Organisation`;
    app.post(
      base,
      {
        config: { access: rules[mode].template },
        schema: {
          tags,
          params: collectionParams,
          body: storageTokensBodySchema,
          response: { 200: z.array(storageTokenSchema) },
        },
      },
      async (request) =>
        issueTokens(
          db,
          config,
          principalOf(request),
          { collectionId: request.params.id, organisationId: null },
          request.body,
          mode,
          request.id,
        ),
    );
    app.post(
      `${base}/:orgId`,
      {
        config: { access: rules[mode].media },
        schema: {
          tags,
          params: organisationParams,
          body: storageTokensBodySchema,
          response: { 200: z.array(storageTokenSchema) },
        },
      },
      async (request) =>
        issueTokens(
          db,
          config,
          principalOf(request),
          { collectionId: request.params.id, organisationId: request.params.orgId },
          request.body,
          mode,
          request.id,
        ),
    );
  }
};
