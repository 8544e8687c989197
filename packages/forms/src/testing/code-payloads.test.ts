import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Component, type DataObject, ProcessTargets, processSync } from '@formio/core';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCarryingAnswers, codeCarryingDefinition } from './code-payloads';

/**
 * The payloads the no-code tests use are live: run by @formio/core as it comes (not locked by our
 * engine: this file never loads it, and each test file has its own modules), they write their
 * markers. So when the engine's tests see no marker, it is because nothing ran, not because the
 * payload was broken.
 */
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the code-carrying definition', () => {
  it("runs in Form.io's own engine: JavaScript and JSON Logic payloads write their markers", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dcf-live-'));
    const definition = codeCarryingDefinition(dir);
    processSync({
      components: definition.components as Component[],
      data: structuredClone(codeCarryingAnswers(dir)) as DataObject,
      processors: ProcessTargets.evaluator,
      scope: { errors: [] },
      config: { server: true },
    } as unknown as Parameters<typeof processSync>[0]);
    const written = readdirSync(dir);
    for (const place of [
      'calculateValue',
      'customConditional',
      'validateCustom',
      'logicTrigger',
      'conditionalJson',
    ])
      expect(written, place).toContain(place);
  });
});
