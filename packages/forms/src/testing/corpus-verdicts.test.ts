import type { Component } from '@formio/core';
import { describe, expect, it } from 'vitest';
import { corpus, readCorpusDefinition } from '../../../../test-data/formio-corpus/index';
import { checkDefinition } from '../convert/check-definition';
import { pruneAnswers } from '../engine/answers-data';
import { evaluateForm } from '../engine/evaluate';
import { stripDefinition } from '../inspect-definition';
import { answerSets, formioVerdict, intendedDifferences } from './answer-sets';
import { typeableAnswers } from './typeable-answers';

/**
 * Our engine against Form.io's own, on every real form of the corpus (test-data/formio-corpus) with its
 * code stripped: the same answers must get the same verdict, field by field, as Form.io's server gives
 * (its two passes: `process` with the submission processors, then the evaluator processors). Answer
 * sets: a complete sample answer, the empty form, and for every question the sample with one thing
 * wrong (a required answer removed, a text too long, an email that is not one, a number over its
 * maximum, a text against its pattern).
 *
 * Known differences, each intended (decision 0014): `intendedDifferences` in answer-sets.ts.
 */
describe('the engine gives Form.io’s verdict on the corpus', () => {
  it.each(corpus.map((entry) => [entry.name, entry] as const))(
    '%s',
    async (name, entry) => {
      const raw = readCorpusDefinition(entry);
      const definition = stripDefinition({
        ...raw,
        display: raw.display === 'wizard' ? 'wizard' : 'form',
      } as never);
      const components = definition.components as Component[] & typeof definition.components;
      const differences: string[] = [];
      for (const [set, answers] of answerSets(components)) {
        const ours = Object.keys(evaluateForm(definition, answers, 'completed').errors).sort();
        let theirs: string[];
        try {
          theirs = await formioVerdict(components, pruneAnswers(components, answers));
        } catch (error) {
          // Form.io's engine stops on a few conditions (isNotEmpty on an address not answered): ours must
          // still check the return, never answer that the form cannot be checked (decision 0035).
          expect(ours, `${set}: Form.io threw ${String(error)}`).not.toContain('form');
          continue;
        }
        if (JSON.stringify(ours) !== JSON.stringify(theirs) && !intendedDifferences[`${name} / ${set}`])
          differences.push(`${set}: ours ${JSON.stringify(ours)}, Form.io ${JSON.stringify(theirs)}`);
      }
      expect(differences).toEqual([]);
    },
    120_000,
  );

  it('the known differences still occur (remove an entry when Form.io or we change)', async () => {
    for (const key of Object.keys(intendedDifferences)) {
      const [name, set] = key.split(' / ') as [string, string];
      const entry = corpus.find((e) => e.name === name);
      expect(entry, key).toBeDefined();
      const raw = readCorpusDefinition(entry as NonNullable<typeof entry>);
      const definition = stripDefinition({ ...raw, display: 'form' } as never);
      const components = definition.components as Component[] & typeof definition.components;
      const answers = answerSets(components).find(([n]) => n === set)?.[1];
      expect(answers, key).toBeDefined();
      const ours = Object.keys(
        evaluateForm(definition, answers as Record<string, unknown>, 'completed').errors,
      ).sort();
      const theirs = await formioVerdict(
        components,
        pruneAnswers(components, answers as Record<string, unknown>),
      );
      expect(JSON.stringify(ours), key).not.toBe(JSON.stringify(theirs));
    }
  }, 120_000);

  // The browser round trip (e2e/form-corpus-round-trip.spec.ts) types these into every accepted form:
  // they must be a complete return Form.io accepts (where Form.io throws, our engine's verdict stands).
  it.each(
    corpus
      .map((entry) => {
        const check = checkDefinition({ ...readCorpusDefinition(entry), display: entry.display } as never);
        return [entry.name, check] as const;
      })
      .filter(([, check]) => check.problems.length === 0),
  )('%s: the answers the round trip types are a complete return Form.io accepts', async (name, check) => {
    const definition = stripDefinition(check.definition);
    const components = definition.components as Component[] & typeof definition.components;
    const answers = typeableAnswers(name, components);
    const verdict = await formioVerdict(components, answers).catch(() => null);
    if (verdict === null) expect(evaluateForm(definition, answers, 'completed').errors).toEqual({});
    else expect(verdict).toEqual([]);
    expect(evaluateForm(definition, answers, 'completed').errors).toEqual({});
  });
});
