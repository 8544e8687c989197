import { expect } from 'vitest';
import type { Client, TestApp } from '../harness';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Uploads an Excel template as a manager does: an upload token (200), then a PUT of the bytes to its
 * signed URL (201). Returns the blob's path (a fresh folder unless `folder`), which recording the
 * template on the form takes.
 */
export async function uploadTemplate(
  t: TestApp,
  manager: Client,
  collectionId: number,
  bytes: Buffer,
  options: { folder?: string; name?: string; fileSizeInMb?: number } = {},
): Promise<string> {
  const folder = options.folder ?? Math.random().toString(36).slice(2);
  const blobNameWithPath = `${collectionId}/FORMTEMPLATE/${folder}/${options.name ?? 'template.xlsx'}`;
  const token = await manager.post(
    `/v1/api/Storage/StorageTokensForUpload/Collection/${collectionId}/Organisation`,
    [{ blobNameWithPath, fileSizeInMb: options.fileSizeInMb ?? 1, isFormTemplate: true }],
  );
  expect(token.status, token.text).toBe(200);
  const put = await t.app.inject({
    method: 'PUT',
    url: token.body[0].url,
    payload: bytes,
    headers: { 'content-type': XLSX },
  });
  expect(put.statusCode).toBe(201);
  return blobNameWithPath;
}
