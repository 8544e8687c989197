import type { Readable } from 'node:stream';
import { extensionOf } from '@dcf/domain';
import { forbidden, HttpProblem, notFound } from '../../platform/errors';
import type { RouteModule } from '../../platform/route-module';
import { blobStoreFor } from '../../platform/storage/blob-store';
import {
  BlobTokenError,
  BlobTooLargeError,
  LOCAL_BLOB_PREFIX,
  type LocalBlobStore,
  type LocalPermission,
} from '../../platform/storage/local-blob-store';

const contentTypes: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

/**
 * The embedded store's blob URLs, served by the API itself: PUT answers 201 like Azure, GET sends the
 * file as an attachment. Outside /v1/api on purpose: the signed URL is the only credential (no session,
 * no CSRF header), exactly as a SAS URL, so the browser code is the same for both stores.
 */
export const localBlobRoutes: RouteModule = (app, { config }) => {
  const store = blobStoreFor(config) as LocalBlobStore;
  // Uploads arrive in any content type and are streamed to disk, never parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const verified = (params: unknown, query: unknown, permission: LocalPermission) => {
    const blobPath = (params as Record<string, string>)['*'] ?? '';
    try {
      return store.verify(blobPath, query as Record<string, unknown>, permission);
    } catch (error) {
      if (error instanceof BlobTokenError)
        throw forbidden('The link is not valid or has expired', 'link_expired');
      throw error;
    }
  };

  app.put(`${LOCAL_BLOB_PREFIX}*`, async (request, reply) => {
    const token = verified(request.params, request.query, 'w');
    const maxBytes = Math.min(token.maxBytes, config.storage.maxFileMb * 1024 * 1024);
    try {
      await store.writeStream(token.blobPath, request.body as Readable, maxBytes);
    } catch (error) {
      if (error instanceof BlobTooLargeError)
        throw new HttpProblem(
          'payload_too_large',
          'The file is larger than the size given when the upload was requested',
        );
      throw error;
    }
    return reply.status(201).send();
  });

  app.get(`${LOCAL_BLOB_PREFIX}*`, async (request, reply) => {
    const token = verified(request.params, request.query, 'r');
    const blob = await store.openStream(token.blobPath);
    if (!blob) throw notFound();
    const name = token.blobPath.slice(token.blobPath.lastIndexOf('/') + 1);
    return reply
      .header('content-type', contentTypes[extensionOf(name)] ?? 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${name.replace(/"/g, '')}"`)
      .header('content-length', blob.size)
      .header('cache-control', 'private, no-store')
      .send(blob.stream);
  });
};
