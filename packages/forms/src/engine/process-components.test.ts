import type { Component } from '@formio/core';
import { describe, expect, it } from 'vitest';
import { corpus, readCorpusDefinition } from '../../../../test-data/formio-corpus/index';
import { stripDefinition } from '../inspect-definition';
import { answerSets } from '../testing/answer-sets';
import { processOutcome } from '../testing/process-outcome';
import { pruneAnswers } from './answers-data';
import { configureFormio, defaultProcessors, processComponents, processors, processSync } from './formio';

/**
 * processComponents is our copy of Form.io's processSync glue (a faster context per component): on every
 * real form of the corpus, with every answer set of the verdict test, it must leave exactly what
 * Form.io's own processSync leaves with the same processors: the same answers (calculations, clear on
 * hide), the same hidden components and the same errors (path, rule, message), in the same order.
 */
type Run = { data: Record<string, unknown>; scope: Record<string, unknown> };

function both(components: Component[], answers: Record<string, unknown>, list: typeof processors) {
  const theirs: Run = { data: structuredClone(answers), scope: { errors: [] } };
  const theirComponents = structuredClone(components);
  processSync({
    form: { components: theirComponents },
    components: theirComponents,
    data: theirs.data,
    processors: list,
    scope: theirs.scope,
    config: {},
  } as unknown as Parameters<typeof processSync>[0]);
  const ours: Run = { data: structuredClone(answers), scope: { errors: [] } };
  processComponents({
    components: structuredClone(components),
    data: ours.data,
    processors: list,
    scope: ours.scope,
  });
  return {
    theirs: processOutcome(theirs.data, theirs.scope),
    ours: processOutcome(ours.data, ours.scope),
  };
}

describe('processComponents leaves what Form.io’s processSync leaves', () => {
  configureFormio();
  it.each(corpus.map((entry) => [entry.name, entry] as const))(
    '%s',
    (_name, entry) => {
      const raw = readCorpusDefinition(entry);
      const definition = stripDefinition({ ...raw, display: 'form' } as never);
      const components = definition.components as Component[] & typeof definition.components;
      let compared = 0;
      for (const [set, answers] of answerSets(components)) {
        const { theirs, ours } = both(components, pruneAnswers(components, answers), processors);
        expect(ours, set).toEqual(theirs);
        compared += 1;
      }
      const defaults = both(components, {}, defaultProcessors);
      expect(defaults.ours).toEqual(defaults.theirs);
      expect(compared).toBeGreaterThan(1);
    },
    120_000,
  );
});
