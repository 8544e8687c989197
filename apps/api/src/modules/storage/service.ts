import {
  bytesPerMb,
  extensionOf,
  fileTooBigMessage,
  fileTooSmallMessage,
  fileWrongTypeMessage,
  formTemplateExtensions,
  formTemplateFolder,
  isBlobPathUnder,
  mediaExtensions,
  mediaFolder,
  messages,
  type StorageFile,
  type StorageToken,
} from '@dcf/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { notFound, validationProblem } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { blobStoreFor } from '../../platform/storage/blob-store';
import { findCollectionStatus } from '../collections/queries';
import { isRecipient } from './queries';

export type TokenMode = 'upload' | 'download';

interface Scope {
  collectionId: number;
  /** null: the collection's FORMTEMPLATE folder; a number: that organisation's MEDIA folder. */
  organisationId: number | null;
}

/**
 * Rules every requested file must meet; all problems are reported at once, keyed by the file's index
 * (`0.blobNameWithPath`), as a form's fields are.
 */
function checkFiles(config: Config, scope: Scope, files: StorageFile[], mode: TokenMode) {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const isTemplateScope = scope.organisationId === null;
  const folder = isTemplateScope
    ? formTemplateFolder(scope.collectionId)
    : mediaFolder(scope.collectionId, scope.organisationId as number);
  const extensions = isTemplateScope ? formTemplateExtensions : mediaExtensions;
  files.forEach((file, i) => {
    if ((file.isFormTemplate === true) !== isTemplateScope)
      add(
        `${i}.isFormTemplate`,
        isTemplateScope
          ? 'Only form templates are stored without an organisation'
          : 'A form template belongs to the collection: ask without an organisation',
      );
    if (!isBlobPathUnder(file.blobNameWithPath, folder))
      add(`${i}.blobNameWithPath`, `The file must be stored under ${folder}`);
    if (mode === 'download') return;
    if (!(extensions as readonly string[]).includes(extensionOf(file.blobNameWithPath)))
      add(`${i}.blobNameWithPath`, fileWrongTypeMessage(extensions));
    if (file.fileSizeInMb === undefined) add(`${i}.fileSizeInMb`, messages.required);
    else if (file.fileSizeInMb <= 0) add(`${i}.fileSizeInMb`, fileTooSmallMessage());
    else if (file.fileSizeInMb > config.storage.maxFileMb)
      add(`${i}.fileSizeInMb`, fileTooBigMessage(config.storage.maxFileMb));
  });
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
}

/**
 * Short-lived URLs for uploading or downloading files of one collection (FORMTEMPLATE) or of one of its
 * recipient organisations (MEDIA). Who may ask was decided by the route's access rule; this checks the
 * files and that the collection (and the organisation as its recipient) exist.
 */
export async function issueTokens(
  db: Db,
  config: Config,
  principal: Principal,
  scope: Scope,
  files: StorageFile[],
  mode: TokenMode,
  requestId: string,
): Promise<StorageToken[]> {
  if (!(await findCollectionStatus(db, scope.collectionId))) throw notFound();
  if (scope.organisationId !== null && !(await isRecipient(db, scope.collectionId, scope.organisationId)))
    throw notFound();
  checkFiles(config, scope, files, mode);

  const store = blobStoreFor(config);
  const expiresOn = new Date(Date.now() + config.storage.tokenMinutes * 60_000);
  const tokens = await Promise.all(
    files.map(async (file) => ({
      blobNameWithPath: file.blobNameWithPath,
      url:
        mode === 'upload'
          ? await store.uploadUrl(file.blobNameWithPath, {
              expiresOn,
              maxBytes: Math.ceil((file.fileSizeInMb ?? 0) * bytesPerMb),
            })
          : await store.downloadUrl(file.blobNameWithPath, { expiresOn }),
      expiresOn: expiresOn.toISOString(),
      storage: store.kind,
    })),
  );
  // Uploads change what is stored: who was allowed to write which file is kept with every other change.
  if (mode === 'upload')
    await writeAudit(db, {
      userId: principal.userId,
      action: 'storage.uploadToken',
      entityType: 'blob',
      collectionId: scope.collectionId,
      organisationId: scope.organisationId,
      after: files.map((f) => ({ blobNameWithPath: f.blobNameWithPath, fileSizeInMb: f.fileSizeInMb })),
      requestId,
    });
  return tokens;
}
