import { messages } from '@dcf/domain';
import { conflict, notFound } from '../../platform/errors';

/**
 * The collection a change is about, read (and usually locked) by the caller: missing is 404, archived is
 * 409 with what to do, since an archived collection stays as it was until it is restored (published
 * again). Every screen that changes a collection is refused alike, so every refusal says both.
 */
export function changeable<T extends { status: string }>(collection: T | undefined): T {
  if (!collection) throw notFound();
  if (collection.status === 'archived')
    throw conflict('collection_archived', messages.collectionArchived, messages.collectionRestoreFirst);
  return collection;
}
