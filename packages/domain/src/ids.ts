import { z } from 'zod';

/** The largest id PostgreSQL's `integer` (int4) holds; every record id is one. */
export const INT4_MAX = 2_147_483_647;

/**
 * A record id arriving as text (a path or query parameter): a whole number from 1 to INT4_MAX.
 * The one schema every route uses, so an id of 2^31 or a word never reaches the database.
 */
export const idParam = z.coerce.number().int().positive().max(INT4_MAX);

/** A record id in a JSON body: the same range, as a number. */
export const recordId = z.number().int().positive().max(INT4_MAX);
