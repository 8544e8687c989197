import { z } from 'zod';

/**
 * The worklists (decision 0020): what waits for the signed-in user.
 * - signOff: drafts sent for sign-off (decision 0036) at organisations where the user is an authoriser
 *   (and its own staff) and trust authorisation is required, in an open window.
 * - nhsiAuthorisation: completed returns awaiting NHSI authorisation (management-organisation users).
 * - returned: drafts a manager returned for correction, at the user's organisations (clerks, authorisers),
 *   and drafts an authoriser sent back (their clerks); each until it is sent for sign-off or submitted.
 */
export const worklistKind = z.enum(['signOff', 'nhsiAuthorisation', 'returned']);
export type WorklistKind = z.infer<typeof worklistKind>;

/** The most rows one worklist answers; `total` says how many there are in all. */
export const WORKLIST_LIMIT = 500;

export const worklistItemSchema = z.object({
  submissionId: z.number().int(),
  collection: z.object({ id: z.number().int(), name: z.string() }),
  organisation: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  period: z.object({ id: z.number().int(), name: z.string() }),
  /** When the return last changed (saved, submitted or returned) and who did it. */
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  /** When the period's current window closes (the organisation's own reopen counts). */
  deadline: z.string(),
  /** Returned for correction, or sent back by an authoriser: the reason given (the latest). */
  returnedReason: z.string().nullable(),
});
export type WorklistItem = z.infer<typeof worklistItemSchema>;

/** GET /View/Worklist/{kind}: the oldest deadline first, at most WORKLIST_LIMIT rows. */
export const worklistSchema = z.object({ items: z.array(worklistItemSchema), total: z.number().int() });
export type Worklist = z.infer<typeof worklistSchema>;

/** GET /View/Worklist/Counts: each worklist's size, null where the user's roles give them no such list. */
export const worklistCountsSchema = z.object({
  signOff: z.number().int().nullable(),
  nhsiAuthorisation: z.number().int().nullable(),
  returned: z.number().int().nullable(),
});
export type WorklistCounts = z.infer<typeof worklistCountsSchema>;

/** Each worklist's title, on the landing page and the worklist's own page. */
export const worklistTitles: Record<WorklistKind, string> = {
  signOff: 'Waiting for your sign-off',
  nhsiAuthorisation: 'Waiting for NHSI authorisation',
  returned: 'Returned to you',
};
