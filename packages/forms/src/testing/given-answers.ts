import { formatAnswer } from '../answers';
import {
  type FormComponent,
  type FormDefinition,
  mapChildren,
  walkAnswers,
  walkComponents,
} from '../components';
import { evaluateForm } from '../engine/evaluate';

/**
 * For tests: every answer given, at any depth, that a person sees: its path, question and text (as check
 * your answers, the PDF and the exports print it). Left out: what the form's conditions hide (the engine
 * says), and what sits in a component the form itself hides (`hidden: true`, never shown to the person
 * filling it in). Shared by the API's corpus test and the browser round trip over the corpus.
 */
export function givenAnswers(definition: FormDefinition, content: Record<string, unknown>) {
  const { hidden } = evaluateForm(definition, content, 'draft');
  const isHidden = (path: string) =>
    [...hidden].some((h) => path === h || path.startsWith(`${h}.`) || path.startsWith(`${h}[`));
  // A panel or other layout hidden by its condition hides every question inside it.
  const hiddenLayout = new Set<FormComponent>();
  walkComponents(definition.components, (v) => {
    if (!hidden.has(v.path)) return undefined;
    hiddenLayout.add(v.component);
    return false;
  });
  const shown = (list: FormComponent[]): FormComponent[] =>
    list.filter((c) => c.hidden !== true && !hiddenLayout.has(c)).map((c) => mapChildren(c, shown));
  const answers: { path: string; component: FormComponent; value: unknown; text: string }[] = [];
  walkAnswers(shown(definition.components), content, ({ component, value, path }) => {
    if (value === undefined || value === null || value === '' || isHidden(path)) return;
    answers.push({ path, component, value, text: formatAnswer(component, value) });
  });
  return answers;
}
