import { z } from 'zod';
import { messages } from './messages';

/** A Form.io component as far as this service needs to know: the rest passes through untouched. */
export interface FormComponent {
  type?: string;
  key?: string;
  action?: string;
  components?: FormComponent[];
  columns?: { components?: FormComponent[] }[];
  rows?: { components?: FormComponent[] }[][];
  [other: string]: unknown;
}

export interface FormDefinition {
  display: 'form' | 'wizard';
  components: FormComponent[];
  [other: string]: unknown;
}

/**
 * An uploaded or built definition must be a JSON object with `display` ('form' or 'wizard') and a
 * `components` array; anything else is refused with the specification's message.
 */
export const formDefinitionSchema = z
  .unknown()
  .refine((v) => typeof v === 'object' && v !== null && !Array.isArray(v), messages.formDefinitionNotObject)
  .pipe(
    z
      .object({
        display: z.enum(['form', 'wizard'], {
          message: "The form definition's display must be form or wizard",
        }),
        components: z.array(z.record(z.string(), z.unknown()), {
          message: 'The form definition must have a components array',
        }),
      })
      .passthrough(),
  )
  .transform((d) => stripSubmitButtons(d as FormDefinition));

const isSubmitButton = (c: FormComponent) =>
  c.type === 'button' && (c.action === undefined || c.action === 'submit');

/** Removes submit-action buttons at any depth: the application supplies its own save and submit. */
export function stripSubmitButtons(definition: FormDefinition): FormDefinition {
  const strip = (list: FormComponent[] | undefined): FormComponent[] | undefined =>
    list
      ?.filter((c) => !isSubmitButton(c))
      .map((c) => ({
        ...c,
        ...(c.components ? { components: strip(c.components) } : {}),
        ...(c.columns
          ? { columns: c.columns.map((col) => ({ ...col, components: strip(col.components) })) }
          : {}),
        ...(c.rows
          ? {
              rows: c.rows.map((row) => row.map((cell) => ({ ...cell, components: strip(cell.components) }))),
            }
          : {}),
      }));
  return { ...definition, components: strip(definition.components) ?? [] };
}

/** Every input key of a definition in form order (wizard pages, panels, columns and tables flattened). */
export function formFieldKeys(definition: Pick<FormDefinition, 'components'>): string[] {
  const keys: string[] = [];
  const walk = (list: FormComponent[] | undefined) => {
    for (const c of list ?? []) {
      if (c.input === true && c.key && c.type !== 'button') keys.push(c.key);
      walk(c.components);
      for (const col of c.columns ?? []) walk(col.components);
      for (const row of c.rows ?? []) for (const cell of row) walk(cell.components);
    }
  };
  walk(definition.components);
  return keys;
}

/** One version of a collection's form as GET/POST/PUT /Collection/{id}/Form answer it. */
export const formVersionSchema = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  version: z.number().int(),
  definition: z.record(z.string(), z.unknown()),
  excelTemplateFileName: z.string().nullable(),
  excelTemplateFileSize: z.number().nullable(),
  createdAt: z.string(),
  hasSubmissions: z.boolean(),
  /** True when a save could not change a version that has submissions and made a new one. */
  createdNewVersion: z.boolean().optional(),
});
export type FormVersion = z.infer<typeof formVersionSchema>;
