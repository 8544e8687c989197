import {
  type SavedRevision,
  type SaveRevisionBody,
  type SubmissionView,
  savedRevisionSchema,
  submissionRevisionListSchema,
  submissionRevisionSchema,
  submissionViewSchema,
} from '@dcf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** One organisation's return in one reporting period: the form-entry page's address. */
export interface SubmissionPageKey {
  collectionId: number;
  reportingPeriodId: number;
  organisationId: number;
}

/** Query keys of submissions; invalidate `submissionKeys.all` after a write. */
export const submissionKeys = {
  all: ['submissions'] as const,
  view: (key: SubmissionPageKey) =>
    ['submissions', 'view', key.collectionId, key.reportingPeriodId, key.organisationId] as const,
  revisions: (submissionId: number, page: number) =>
    ['submissions', 'revisions', submissionId, page] as const,
  revisionsOf: (submissionId: number) => ['submissions', 'revisions', submissionId] as const,
  revision: (id: number) => ['submissions', 'revision', id] as const,
};

const pagePath = (key: SubmissionPageKey) =>
  `/Collection/${key.collectionId}/ReportingPeriod/${key.reportingPeriodId}/Organisation/${key.organisationId}/Submission`;

/** GET .../Submission: the page's whole state (content, form, period, lock, what the user may do). */
export function getSubmission(key: SubmissionPageKey, signal?: AbortSignal) {
  return api.get(pagePath(key), { schema: submissionViewSchema, signal });
}

export function useSubmission(key: SubmissionPageKey | undefined) {
  return useQuery({
    queryKey: key ? submissionKeys.view(key) : ['submissions', 'view', 'none'],
    queryFn: ({ signal }) => getSubmission(key as SubmissionPageKey, signal),
    enabled: key !== undefined,
    // The page owns this state once loaded (typing, lock); refetching behind its back would reset it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * Releases still on their way, per return: a screen that takes the lock right after another one let it
 * go (the form, then its check-your-answers page) waits for the release, or the release could arrive
 * second and drop the new holder's lock.
 */
const pendingReleases = new Map<string, Promise<unknown>>();

/**
 * A page's own token for one visit (decision 0036): its lock requests carry it, and once the page has
 * released the lock with it the server refuses them, so a request still on its way when the person
 * left never takes the lock again.
 */
export function newPageToken(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * POST .../Submission/Lock: takes or renews the lock (the heartbeat); 409 'Locked by NAME since HH:mm',
 * or lock_page_closed once the page named by `pageToken` has released it.
 */
export async function takeLock(key: SubmissionPageKey, pageToken?: string): Promise<SubmissionView> {
  await pendingReleases.get(pagePath(key));
  return api.post(`${pagePath(key)}/Lock`, pageToken ? { pageToken } : undefined, {
    schema: submissionViewSchema,
  });
}

/**
 * DELETE .../Submission/Lock. With `pageToken`, the page is leaving: the server drops the lock only if
 * that page holds it, and refuses that page's lock requests from then on. Without it, a person releases
 * the lock (someone else's: a manager or the organisation's authoriser). `keepalive` lets it finish while
 * the page unloads (navigator.sendBeacon cannot send the anti-forgery header, fetch keepalive can).
 */
export function releaseLock(
  key: SubmissionPageKey,
  { keepalive = false, pageToken }: { keepalive?: boolean; pageToken?: string } = {},
): Promise<void> {
  const path = pagePath(key);
  const run: Promise<void> = api.delete(`${path}/Lock`, {
    keepalive,
    query: pageToken ? { pageToken } : undefined,
  });
  const settled = run.catch(() => undefined);
  pendingReleases.set(path, settled);
  void settled.then(() => {
    if (pendingReleases.get(path) === settled) pendingReleases.delete(path);
  });
  return run;
}

/**
 * POST /Submission/{id}/SubmissionRevision: save a draft or submit. 409 stale / no lock / closed; 400
 * field errors. Answers what changed (merge it into the view with mergeSavedRevision), not the view.
 */
export function saveRevision(submissionId: number, body: SaveRevisionBody): Promise<SavedRevision> {
  return api.post(`/Submission/${submissionId}/SubmissionRevision`, body, { schema: savedRevisionSchema });
}

/** POST /Submission/{id}/Return: a manager sends a completed return back with a reason. */
export function returnSubmission(submissionId: number, reason: string): Promise<SubmissionView> {
  return api.post(`/Submission/${submissionId}/Return`, { reason }, { schema: submissionViewSchema });
}

/** POST /Submission/{id}/SendBack: the organisation's authoriser sends a draft back to its clerks. */
export function sendBack(submissionId: number, reason: string): Promise<SubmissionView> {
  return api.post(`/Submission/${submissionId}/SendBack`, { reason }, { schema: submissionViewSchema });
}

/**
 * POST .../Submission/Reopen: a manager reopens one organisation's return until an instant (ISO), a
 * return nobody started included.
 */
export function reopenReturn(key: SubmissionPageKey, until: string): Promise<SubmissionView> {
  return api.post(`${pagePath(key)}/Reopen`, { until }, { schema: submissionViewSchema });
}

/** POST /Submission/{id}/NhsiAuthorisation: a management-organisation user authorises a completed return. */
export function authoriseNhsi(submissionId: number): Promise<SubmissionView> {
  return api.post(`/Submission/${submissionId}/NhsiAuthorisation`, undefined, {
    schema: submissionViewSchema,
  });
}

/** GET /Submission/SubmissionRevisions: newest first, a page at a time. */
export function useSubmissionRevisions(submissionId: number | null, page: number, pageSize = 20) {
  return useQuery({
    queryKey: submissionKeys.revisions(submissionId ?? 0, page),
    queryFn: ({ signal }) =>
      api.get('/Submission/SubmissionRevisions', {
        query: { submissionId, page, pageSize },
        schema: submissionRevisionListSchema,
        signal,
      }),
    enabled: submissionId !== null,
  });
}

/** GET /SubmissionRevision/{id} */
export function useSubmissionRevision(id: number | undefined) {
  return useQuery({
    queryKey: submissionKeys.revision(id ?? 0),
    queryFn: ({ signal }) =>
      api.get(`/SubmissionRevision/${id}`, { schema: submissionRevisionSchema, signal }),
    enabled: id !== undefined,
  });
}

/** PUT /Submission/SubmissionRevisions/SoftDelete (managers and admins; never the official revision). */
export function useSoftDeleteRevisions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (revisionIds: number[]) =>
      api.put<void>('/Submission/SubmissionRevisions/SoftDelete', { revisionIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: submissionKeys.all }),
  });
}

/** GET /Submission/{id}/Pdf (optionally one revision): the return as a PDF file. */
export function downloadSubmissionPdf(submissionId: number, revisionId?: number): Promise<Blob> {
  return api.get<Blob>(`/Submission/${submissionId}/Pdf`, {
    query: { revisionId },
    responseType: 'blob',
    headers: { Accept: 'application/pdf' },
  });
}

/** POST /Collection/{id}/Form/{formId}/ExcelTemplate/Populate: the collection's template filled with the return. */
export function downloadPopulatedExcel(
  collectionId: number,
  formId: number,
  submissionId: number,
): Promise<Blob> {
  return api.post<Blob>(
    `/Collection/${collectionId}/Form/${formId}/ExcelTemplate/Populate`,
    { submissionId },
    { responseType: 'blob', headers: { Accept: '*/*' } },
  );
}
