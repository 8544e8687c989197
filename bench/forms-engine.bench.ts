/**
 * The form engine's CPU cost per evaluation (decision 0014), on the 100-field return the submissions
 * bench uses, in this process (no HTTP, no database):
 *
 * - before: @formio/core's processSync as the API ran it until decision 0014 (evaluator processors,
 *   code evaluation on), for reference;
 * - browser: evaluateForm on the same definition object each time (the prepared definition is cached);
 * - server: evaluateForm on a freshly parsed definition each time (as a save reads it from the database);
 * - upload: checkDefinition of the definition (once per upload or save of the form).
 *
 * Run: npx tsx bench/forms-engine.bench.ts. Figures: bench/README.md ("Form engine").
 */
import { evaluateForm, type FormDefinition } from '@dcf/forms';
import { checkDefinition } from '@dcf/forms/convert/check-definition';
import { type Component, type DataObject, ProcessTargets, processSync } from '@formio/core';
import { answers, formDefinition } from './support/return-form';

const RUNS = 2000;
const WARM_UP = 300;

function measure(name: string, run: (i: number) => void) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    const started = performance.now();
    run(i);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    (times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0).toFixed(2);
  const mean = (times.reduce((a, b) => a + b, 0) / times.length).toFixed(2);
  console.log(`${name.padEnd(44)} mean ${mean} ms  p50 ${at(50)} ms  p95 ${at(95)} ms`);
}

const definition = formDefinition() as FormDefinition;
const text = JSON.stringify(definition);

measure('before: processSync, code evaluation on', (i) => {
  const context = {
    components: definition.components as Component[],
    data: answers(i) as DataObject,
    processors: ProcessTargets.evaluator,
    scope: { errors: [] },
    config: { server: true },
  };
  processSync(context as unknown as Parameters<typeof processSync>[0]);
});
measure('browser: evaluateForm, same definition', (i) => {
  const state = evaluateForm(definition, answers(i), i % 2 === 0 ? 'draft' : 'completed');
  if (Object.keys(state.errors).length > 0) throw new Error(JSON.stringify(state.errors));
});
measure('server: evaluateForm, definition parsed per save', (i) => {
  evaluateForm(JSON.parse(text) as FormDefinition, answers(i), i % 2 === 0 ? 'draft' : 'completed');
});
measure('upload: checkDefinition', () => {
  checkDefinition(JSON.parse(text) as FormDefinition);
});
