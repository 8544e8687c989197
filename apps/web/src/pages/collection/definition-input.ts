import { messages } from '@dcf/domain';
import { type FormDefinition, formDefinitionSchema } from '@dcf/forms/definition';

export type DefinitionResult = { ok: true; definition: FormDefinition } | { ok: false; errors: string[] };

/**
 * Reads a form definition typed or uploaded as JSON text, with the API's own rules: a JSON object whose
 * `display` is form or wizard and whose `components` is an array. Anything else gives the
 * specification's message first, then what exactly is wrong, so a broken file is never saved.
 */
export function parseDefinition(text: string): DefinitionResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [messages.formDefinitionNotObject, `The file is not JSON: ${reason}`] };
  }
  const parsed = formDefinitionSchema.safeParse(value);
  if (parsed.success) return { ok: true, definition: parsed.data };
  const details = parsed.error.issues.map((issue) => issue.message);
  return {
    ok: false,
    errors: [...new Set([messages.formDefinitionNotObject, ...details])],
  };
}

const isPanel = (component: Record<string, unknown>) => component.type === 'panel';

/**
 * Switches a definition between a single page (form) and a wizard. A wizard's pages are its top-level
 * panels, so loose top-level components are gathered into a first page; going back to a single page
 * keeps the panels as sections. Nothing is lost either way.
 */
export function withDisplay(definition: FormDefinition, display: 'form' | 'wizard'): FormDefinition {
  if (display === definition.display) return definition;
  if (display === 'form') return { ...definition, display };
  const components = definition.components as Record<string, unknown>[];
  if (components.length > 0 && components.every(isPanel)) return { ...definition, display };
  const loose = components.filter((c) => !isPanel(c));
  const panels = components.filter(isPanel);
  return {
    ...definition,
    display,
    components: [
      { type: 'panel', key: 'page1', title: 'Page 1', label: 'Page 1', input: false, components: loose },
      ...panels,
    ],
  };
}

export const emptyDefinition: FormDefinition = { display: 'form', components: [] };
