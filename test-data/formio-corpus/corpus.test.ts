import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseDefinition } from './analyse';
import { corpus, publisherOf, readCorpusDefinition, STANDARD_COMPONENT_TYPES } from './index';

const folder = new URL('./', import.meta.url);
const definitions = corpus.map((entry) => ({ entry, definition: readCorpusDefinition(entry) }));
const everyType = new Set(corpus.flatMap((entry) => entry.componentTypes));

describe('Form.io corpus', () => {
  it('holds at least 60 forms from at least six publishers, one file each, every file in the index', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    expect(new Set(corpus.map((entry) => publisherOf(entry.source.repository))).size).toBeGreaterThanOrEqual(
      6,
    );
    expect(new Set(corpus.map((entry) => entry.name)).size).toBe(corpus.length);
    const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(corpus.map((entry) => entry.file).sort());
  });

  it.each(definitions)(
    '$entry.name is a form definition object with a components array',
    ({ definition }) => {
      expect(typeof definition).toBe('object');
      expect(Array.isArray(definition)).toBe(false);
      expect(Array.isArray(definition.components)).toBe(true);
      expect(definition.components.length).toBeGreaterThan(0);
    },
  );

  it.each(definitions)('$entry.name matches its index entry', ({ entry, definition }) => {
    const features = analyseDefinition(definition);
    expect({
      componentTypes: entry.componentTypes,
      customJavaScript: entry.customJavaScript,
      jsonLogic: entry.jsonLogic,
      simpleConditionals: entry.simpleConditionals,
      nestedGrids: entry.nestedGrids,
    }).toEqual(features);
    expect(entry.hasCustomJavaScript).toBe(features.customJavaScript.length > 0);
    expect(entry.display).toBe(definition.display === 'wizard' ? 'wizard' : 'form');
    expect(entry.title).toBe(typeof definition.title === 'string' ? definition.title : null);
  });

  // The entries are JSON, so the compiler no longer checks their shape: this does.
  it.each(corpus)('$name is described and wrapped only with a note', (entry) => {
    expect(entry.file).toBe(`${entry.name}.json`);
    expect(entry.about).not.toBe('');
    expect(['form', 'wizard']).toContain(entry.display);
    expect(entry.wrapped === null || entry.wrapped.length > 0).toBe(true);
  });

  it.each(corpus)('$name cites its repository, path, commit and licence', (entry) => {
    expect(entry.source.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect(entry.source.path).not.toBe('');
    expect(entry.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(entry.source.licence).not.toBe('');
  });

  it('README lists every file', () => {
    const readme = readFileSync(new URL('README.md', folder), 'utf8');
    const missing = corpus
      .filter((entry) => !readme.includes(`\`${entry.file}\``))
      .map((entry) => entry.file);
    expect(missing).toEqual([]);
  });

  it('covers every standard component type', () => {
    expect(STANDARD_COMPONENT_TYPES.filter((type) => !everyType.has(type))).toEqual([]);
  });

  it('covers wizards, nested grids, conditions, calculations and every kind of custom JavaScript', () => {
    const some = (test: (entry: (typeof corpus)[number]) => boolean) => corpus.some(test);
    expect(some((entry) => entry.display === 'wizard')).toBe(true);
    expect(some((entry) => entry.display === 'form')).toBe(true);
    expect(some((entry) => entry.nestedGrids)).toBe(true);
    expect(some((entry) => entry.simpleConditionals)).toBe(true);
    for (const property of ['conditional.json', 'validate.json', 'calculateValue']) {
      expect(
        some((entry) => entry.jsonLogic.includes(property)),
        `JSON Logic ${property}`,
      ).toBe(true);
    }
    for (const property of [
      'validate.custom',
      'calculateValue',
      'customConditional',
      'customDefaultValue',
      'logic.trigger.javascript',
      'logic.action.value',
    ]) {
      expect(
        some((entry) => entry.customJavaScript.includes(property)),
        `JavaScript ${property}`,
      ).toBe(true);
    }
    expect(some((entry) => !entry.hasCustomJavaScript)).toBe(true);
  });

  it('has selects with static values and with static JSON data', () => {
    const selects: Record<string, unknown>[] = [];
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        const node = value as Record<string, unknown>;
        if (node.type === 'select') selects.push(node);
        Object.values(node).forEach(collect);
      }
    };
    for (const { definition } of definitions) collect(definition.components);
    const data = (select: Record<string, unknown>) => (select.data ?? {}) as Record<string, unknown>;
    expect(
      selects.some((select) => Array.isArray(data(select).values) && (data(select).values as []).length > 0),
    ).toBe(true);
    expect(selects.some((select) => select.dataSrc === 'json' && Array.isArray(data(select).json))).toBe(
      true,
    );
  });
});

describe('analyseDefinition', () => {
  it("walks columns, tabs and a table's rows, but not a textarea's row count", () => {
    const features = analyseDefinition({
      components: [
        { type: 'textarea', key: 'notes', rows: 3, input: true },
        { type: 'columns', key: 'c', columns: [{ components: [{ type: 'number', key: 'n' }] }] },
        { type: 'tabs', key: 't', components: [{ key: 'tab1', components: [{ type: 'email', key: 'e' }] }] },
        { type: 'table', key: 'tb', rows: [[{ components: [{ type: 'time', key: 'tm' }] }]] },
      ],
    });
    expect(features.componentTypes).toEqual([
      'columns',
      'email',
      'number',
      'table',
      'tabs',
      'textarea',
      'time',
    ]);
  });

  it('finds JavaScript and JSON Logic by property, and grids inside grids through layout', () => {
    const features = analyseDefinition({
      components: [
        {
          type: 'datagrid',
          key: 'outer',
          components: [
            {
              type: 'panel',
              key: 'p',
              components: [{ type: 'editgrid', key: 'inner', components: [] }],
            },
          ],
        },
        {
          type: 'textfield',
          key: 'a',
          validate: { custom: 'valid = true;' },
          conditional: { json: { '==': [1, 1] } },
        },
        { type: 'number', key: 'b', calculateValue: { '+': [1, 2] }, customDefaultValue: '' },
        { type: 'content', key: 'h', html: '<p>{{ data.a }}</p>' },
        {
          type: 'textfield',
          key: 'c',
          logic: [
            {
              trigger: { type: 'javascript', javascript: 'result = 1' },
              actions: [{ type: 'value', value: 'value = 2' }],
            },
          ],
        },
      ],
    });
    expect(features.nestedGrids).toBe(true);
    expect(features.customJavaScript).toEqual([
      'html.template',
      'logic.action.value',
      'logic.trigger.javascript',
      'validate.custom',
    ]);
    expect(features.jsonLogic).toEqual(['calculateValue', 'conditional.json']);
  });
});
