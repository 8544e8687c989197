import {
  chaseSchema,
  type OutboxQuery,
  outboxPageSchema,
  reminderReachSchema,
  type SendReminderBody,
  sendReminderResultSchema,
} from '@dcf/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

export const notificationKeys = {
  outbox: (query: OutboxQuery) => ['mailOutbox', query] as const,
  chases: (collectionId: number, organisationId: number) => ['chases', collectionId, organisationId] as const,
};

/** GET /MailOutbox: every email the service decided to send (administrators), refreshed while one waits. */
export function useOutbox(query: OutboxQuery) {
  return useQuery({
    queryKey: notificationKeys.outbox(query),
    queryFn: ({ signal }) =>
      api.get('/MailOutbox', { query: { ...query }, schema: outboxPageSchema, signal }),
    placeholderData: keepPreviousData,
    // While an email on the page waits for the job worker (which polls every 5 s), its state will change.
    refetchInterval: (query) =>
      query.state.data?.items.some((mail) => mail.status === 'queued' || mail.status === 'sending')
        ? 5_000
        : false,
  });
}

/** GET /Collection/{id}/Organisation/{organisationId}/Chase: an organisation's reminders, newest first. */
export function useChases(collectionId: number, organisationId: number) {
  return useQuery({
    queryKey: notificationKeys.chases(collectionId, organisationId),
    queryFn: ({ signal }) =>
      api.get(`/Collection/${collectionId}/Organisation/${organisationId}/Chase`, {
        schema: z.array(chaseSchema),
        signal,
      }),
  });
}

/** GET /Collection/{id}/ReportingPeriod/{periodId}/Reminder: whom a reminder now would reach (server counts). */
export function useReminderReach(collectionId: number, periodId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['reminderReach', collectionId, periodId] as const,
    queryFn: ({ signal }) =>
      api.get(`/Collection/${collectionId}/ReportingPeriod/${periodId}/Reminder`, {
        schema: reminderReachSchema,
        signal,
      }),
    enabled,
    // Asked each time the dialog opens: a reminder sent since changes who is left to chase.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /Collection/{id}/ReportingPeriod/{periodId}/Reminder: emails organisations not completed. */
export function useSendReminder(collectionId: number, periodId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendReminderBody) =>
      api.post(`/Collection/${collectionId}/ReportingPeriod/${periodId}/Reminder`, body, {
        schema: sendReminderResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chases', collectionId] }),
  });
}
