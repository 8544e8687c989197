import { messages } from '@dcf/domain/messages';
import { z } from 'zod';
import { type FormComponent, type FormDefinition, mapChildren, walkComponents } from './components';

export type { FormComponent, FormDefinition } from './components';

/**
 * An uploaded or built definition must be a JSON object with `display` ('form' or 'wizard') and a
 * `components` array; anything else is refused with the specification's message. This is the shape
 * only (the browser checks it before sending); the server then checks and converts the content
 * (convert/check-definition.ts).
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
  const strip = (list: FormComponent[]): FormComponent[] =>
    list.filter((c) => !isSubmitButton(c)).map((c) => mapChildren(c, strip));
  return { ...definition, components: strip(definition.components) };
}

/** Every input key of a definition in form order (wizard pages, panels, columns and tables flattened). */
export function formFieldKeys(definition: Pick<FormDefinition, 'components'>): string[] {
  const keys: string[] = [];
  walkComponents(definition.components, ({ component: c }) => {
    if (c.input === true && c.key && c.type !== 'button') keys.push(c.key);
  });
  return keys;
}

/** What an upload or save converted from JavaScript to JSON Logic (or removed), for the form tab. */
export const conversionSchema = z.object({
  component: z.object({ path: z.string(), key: z.string(), label: z.string() }).nullable(),
  property: z.string(),
  from: z.string(),
  to: z.unknown(),
  toProperty: z.string().optional(),
  note: z.string().optional(),
});

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
  /** POST and PUT only: the JavaScript this save converted to JSON Logic, or removed. */
  conversions: z.array(conversionSchema).optional(),
  /**
   * POST and PUT only: what the product does differently with this form (decision 0035): component types
   * that are not Form.io's standard and how each is shown, presentational properties ignored.
   */
  notices: z.array(z.string()).optional(),
});
export type FormVersion = z.infer<typeof formVersionSchema>;
