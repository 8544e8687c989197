import {
  type DefaultScheduleDto,
  defaultScheduleSchema,
  type ScheduleBody,
  type ScheduleDto,
  scheduleSchemaDto,
} from '@dcf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

/** Query keys of schedules; invalidate `scheduleKeys.all` after a write. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  list: ['schedules', 'list'] as const,
  default: (collectionId: number) => ['schedules', 'default', collectionId] as const,
};

/** GET /Schedule: the schedules of every collection the user may see. */
export function useSchedules() {
  return useQuery({
    queryKey: scheduleKeys.list,
    queryFn: ({ signal }) => api.get('/Schedule', { schema: z.array(scheduleSchemaDto), signal }),
  });
}

/**
 * The collection's schedules from GET /Schedule: `schedule` (the non-default one, undefined when none is
 * saved) and `defaultSchedule` (undefined when none is saved).
 */
export function useCollectionSchedule(collectionId: number) {
  const query = useSchedules();
  const own = query.data?.filter((s) => s.collectionId === collectionId) ?? [];
  return {
    ...query,
    schedule: own.find((s) => !s.isDefault),
    defaultSchedule: own.find((s) => s.isDefault),
  };
}

/** GET /Collection/{id}/Schedule/Default: the saved default schedule or the specification's placeholder. */
export function useDefaultSchedule(collectionId: number) {
  return useQuery({
    queryKey: scheduleKeys.default(collectionId),
    queryFn: ({ signal }): Promise<DefaultScheduleDto> =>
      api.get(`/Collection/${collectionId}/Schedule/Default`, { schema: defaultScheduleSchema, signal }),
  });
}

/** POST /Collection/{id}/Schedule (no id yet) or PUT /Collection/{id}/Schedule/{scheduleId}. */
export function useSaveSchedule(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: ScheduleBody }): Promise<ScheduleDto> =>
      api.save(`/Collection/${collectionId}/Schedule`, id, body, { schema: scheduleSchemaDto }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
