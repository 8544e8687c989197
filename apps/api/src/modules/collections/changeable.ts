import { conflict, notFound } from '../../platform/errors';

/** The hint where the screen that was refused offers the restore itself. */
export const restoreFirst = 'Restore it (publish) first.';

/**
 * The collection a change is about, read (and usually locked) by the caller: missing is 404, archived is
 * 409, since an archived collection stays as it was until it is published again.
 */
export function changeable<T extends { status: string }>(collection: T | undefined, detail?: string): T {
  if (!collection) throw notFound();
  if (collection.status === 'archived')
    throw conflict('collection_archived', 'An archived collection cannot be changed', detail);
  return collection;
}
