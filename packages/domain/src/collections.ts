import { z } from 'zod';
import { collectionStatus, collectionStatusUpdate, periodType, requirement, sortOrder } from './enums';
import { messages } from './messages';
import { pagingQueryShape } from './paging';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /Collection and PUT /Collection/{id}: the specification's Collection fields a manager edits. */
export const collectionInputSchema = z.object({
  name: z.string().trim().min(1, messages.required).max(250, 'Name can not exceed the maximum length of 250'),
  notes: text(4000),
  assetOwners: text(1000),
  users: text(1000),
  isEmailEnabled: z.boolean().default(false),
  iconName: text(100),
  trustAuthorisation: requirement.default('notRequired'),
  nhsiAuthorisation: requirement.default('notRequired'),
  fileType: text(100),
  period: periodType.default('financialYear'),
});
export type CollectionInput = z.infer<typeof collectionInputSchema>;

/** What the current user may do with a collection, so the UI never re-derives the rules. */
export const collectionAbilitiesSchema = z.object({
  canAmend: z.boolean(),
  canDelete: z.boolean(),
  canPublish: z.boolean(),
  canArchive: z.boolean(),
  canMonitor: z.boolean(),
});

export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  notes: z.string().nullable(),
  assetOwners: z.string().nullable(),
  users: z.string().nullable(),
  isEmailEnabled: z.boolean(),
  iconName: z.string().nullable(),
  trustAuthorisation: requirement,
  nhsiAuthorisation: requirement,
  fileType: z.string().nullable(),
  period: periodType,
  isExcelTemplateEnabled: z.boolean(),
  status: collectionStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: collectionAbilitiesSchema,
});
export type CollectionDto = z.infer<typeof collectionSchema>;

export const collectionListSortBy = z.enum(['name', 'status', 'updatedAt']);
export type CollectionListSortBy = z.infer<typeof collectionListSortBy>;
export const collectionListQuerySchema = z.object({
  query: z.string().trim().max(250).optional(),
  status: collectionStatus.optional(),
  ...pagingQueryShape(),
  /** Name (the default), status or last change; ties by name then id. Paged in SQL (decision 0025). */
  sortBy: collectionListSortBy.default('name'),
  sortOrder: sortOrder.default('ASC'),
});

export const collectionListSchema = z.object({
  items: z.array(collectionSchema.omit({ abilities: true }).extend({ abilities: collectionAbilitiesSchema })),
  total: z.number().int(),
});

export const collectionStatusBodySchema = z.object({ status: collectionStatusUpdate });
export const excelTemplateEnabledBodySchema = z.object({ isExcelTemplateEnabled: z.boolean() });
