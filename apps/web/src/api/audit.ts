import { type AuditQuery, auditPageSchema } from '@dcf/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

export const auditKeys = {
  all: ['auditLog'] as const,
  search: (query: AuditQuery) => ['auditLog', query] as const,
};

/** GET /AuditLog: administrators' search of every change, paged on the server. */
export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: auditKeys.search(query),
    queryFn: ({ signal }) => api.get('/AuditLog', { query: { ...query }, schema: auditPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
