import type { FormDefinition } from '../components';
import {
  type DefinitionCheck,
  type DefinitionProblem,
  inspectDefinition,
  nameOfRef,
} from '../inspect-definition';
import { readLiteralSchema } from './literal-schema';
import { javascriptToJsonLogic } from './to-json-logic';

/**
 * Checks a definition on upload or save (server only: it parses JavaScript with acorn): returns it with
 * convertible JavaScript converted to JSON Logic (listed in `conversions`), submit buttons and code
 * buttons removed, and every problem that makes it unacceptable (refuse the upload when there is any).
 */
export const checkDefinition = (definition: FormDefinition): DefinitionCheck =>
  inspectDefinition(definition, 'upload', javascriptToJsonLogic, readLiteralSchema);

/** The 400's `errors.definition`: one sentence per problem, naming the component and the property. */
export function problemMessages(problems: readonly DefinitionProblem[]): string[] {
  return problems.map(
    ({ component, property, message }) => `${nameOfRef(component)}, ${property}: ${message}`,
  );
}
