import {
  chaseSchema,
  type OutboxQuery,
  outboxPageSchema,
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

/** GET /MailOutbox: every email the service decided to send (administrators). */
export function useOutbox(query: OutboxQuery) {
  return useQuery({
    queryKey: notificationKeys.outbox(query),
    queryFn: ({ signal }) =>
      api.get('/MailOutbox', { query: { ...query }, schema: outboxPageSchema, signal }),
    placeholderData: keepPreviousData,
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
