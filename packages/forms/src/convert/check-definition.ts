import type { FormDefinition } from '../components';
import {
  type ComponentRef,
  type DefinitionCheck,
  type DefinitionProblem,
  inspectDefinition,
} from '../inspect-definition';
import { javascriptToJsonLogic } from './to-json-logic';

/**
 * Checks a definition on upload or save (server only: it parses JavaScript with acorn): returns it with
 * convertible JavaScript converted to JSON Logic (listed in `conversions`), submit buttons and code
 * buttons removed, and every problem that makes it unacceptable (refuse the upload when there is any).
 */
export const checkDefinition = (definition: FormDefinition): DefinitionCheck =>
  inspectDefinition(definition, 'upload', javascriptToJsonLogic);

/** The 400's `errors.definition`: one sentence per problem, naming the component and the property. */
export function problemMessages(problems: readonly DefinitionProblem[]): string[] {
  return problems.map(({ component, property, message }) => `${nameOf(component)}, ${property}: ${message}`);
}

function nameOf(component: ComponentRef | null): string {
  if (!component) return 'The form';
  const { key, label, position, type } = component;
  if (label && key && label !== key) return `'${label}' (key '${key}')`;
  if (key || label) return `'${key || label}'`;
  return `Component ${position ?? '?'}${type ? ` (a ${type})` : ''}`;
}
