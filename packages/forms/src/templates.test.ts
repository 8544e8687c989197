import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_SEGMENTS, pathSegments, readPath, writePath } from './own-paths';
import { fillTemplate, templateProblem } from './templates';
import { HOSTILE_TEXT, hostileAnswers, recordingProxy, snapshot } from './testing/hostile';

/**
 * `{{ path }}` in a manager's text and the paths the engine reads and writes answers at (decision
 * 0030): generated hostile paths never reach a prototype, a function or anything but the answers' own
 * properties, never write outside the answers, and a text is filled in linear time.
 */

const SEGMENTS = [
  ...FORBIDDEN_SEGMENTS,
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'length',
  'name',
  'call',
  'text',
  'n',
  'list',
  'rows',
  'hours',
  'a',
  '0',
  '1',
  '9',
  '',
];
const JOINERS = ['.', '?.', '[0]', '[1]', '[', ']', ' || ', '(', ')', ' '];

/** Paths built from names that lead to prototypes, separators and call syntax, plus the hostile catalogue. */
const hostilePath = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom(...SEGMENTS), fc.constantFrom(...JOINERS)), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => parts.map(([segment, joiner]) => segment + joiner).join('')),
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ maxLength: 12 }),
);
const root = fc.constantFrom('data.', 'row.', 'value.', 'result.', '', 'component.', 'form.', 'instance.');

const isFunctionText = (text: string) => /function|native code|=>|\[object Function\]/.test(text);

describe('{{ }} in a text', () => {
  it('reads only own properties of the answers, never a function, never a global', () => {
    const before = snapshot();
    fc.assert(
      fc.property(fc.array(fc.tuple(root, hostilePath), { minLength: 1, maxLength: 4 }), (placeholders) => {
        const { wrap, reads } = recordingProxy();
        const answers = hostileAnswers();
        const roots = { data: wrap(answers), row: wrap(answers.rows[0]), value: 'v', result: wrap({ x: 1 }) };
        const text = placeholders.map(([r, path]) => `<b>{{ ${r}${path} }}</b>`).join(' ');
        const filled = fillTemplate(text, roots);
        expect(typeof filled).toBe('string');
        expect(isFunctionText(filled), `${text} -> ${filled}`).toBe(false);
        expect(
          reads.filter((read) => !read.own),
          text,
        ).toEqual([]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
    expect(snapshot()).toEqual(before);
  });

  it('fills in answers as Form.io does for plain paths, and nothing for a call or another root', () => {
    const roots = { data: { ward: { beds: 12 }, list: [1, 2], name: 'A & E' }, row: { hours: 7.5 } };
    expect(fillTemplate('Beds in {{ data.ward.beds }}', roots)).toBe('Beds in 12');
    expect(fillTemplate('{{data.list}} / {{ data.list[1] }} / {{ data.list.length }}', roots)).toBe(
      '1,2 / 2 / 2',
    );
    expect(fillTemplate('{{ data.missing || data.name }}', roots)).toBe('A & E');
    expect(fillTemplate('{{ row?.hours }} hours', roots)).toBe('7.5 hours');
    expect(fillTemplate('{{ data.constructor.name }}|{{ data.toString }}|{{ data.__proto__ }}', roots)).toBe(
      '||',
    );
    expect(fillTemplate('{{ component.label }}{{ form.title }}', roots)).toBe('');
    expect(fillTemplate('{{ data.name.constructor("return process")() }}', roots)).toBe('');
    expect(fillTemplate('no placeholders', roots)).toBe('no placeholders');
    expect(fillTemplate('{{ data.ward\n}} stays', roots)).toBe('{{ data.ward\n}} stays');
  });

  it('fills a long text in linear time (Form.io’s expression backtracks on a run of spaces)', () => {
    const hostile = `{{${' '.repeat(100_000)}`;
    const started = performance.now();
    for (const text of [hostile, '{{ a }}'.repeat(20_000), `${'{{'.repeat(50_000)}}}`])
      fillTemplate(text, { data: {} });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses on upload a call or a root a text may not read', () => {
    const roots = ['data', 'row', 'result', 'value'];
    expect(templateProblem('Total {{ data.total }} in {{ row.ward || data.ward }}', roots)).toBeNull();
    expect(templateProblem('{{ data.constructor("x")() }}', roots)).toBe(
      'a text may name values ({{ data.field }}) but not call functions',
    );
    expect(templateProblem('{{ component.key }}', roots)).toBe(
      '"{{ component.key }}" cannot be filled in: a text may name only values under data, row, result, value',
    );
    expect(templateProblem('{{ data.__proto__.x }}', roots)).toMatch(/cannot be filled in/);
  });
});

describe('paths into the answers', () => {
  it('read own properties only and write nothing outside the answers, whatever the path', () => {
    const before = snapshot();
    fc.assert(
      fc.property(hostilePath, fc.jsonValue(), (path, value) => {
        const { wrap, reads } = recordingProxy();
        const read = readPath(wrap(hostileAnswers()), path);
        expect(typeof read).not.toBe('function');
        expect(reads.filter((r) => !r.own)).toEqual([]);
        const answers: Record<string, unknown> = {};
        writePath(answers, path, value);
        expect(Object.getPrototypeOf(answers)).toBe(Object.prototype);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        const segments = pathSegments(path);
        if (segments === null) expect(answers).toEqual({});
        else expect(segments.some((s) => FORBIDDEN_SEGMENTS.has(s))).toBe(false);
      }),
      { numRuns: 3000 },
    );
    expect(snapshot()).toEqual(before);
  });

  it('read and write answers as lodash does for the paths Form.io builds from keys', () => {
    const data: Record<string, unknown> = {};
    writePath(data, 'staff[1].grade', 'B');
    writePath(data, 'ward.beds', 3);
    expect(data).toEqual({ staff: [undefined, { grade: 'B' }], ward: { beds: 3 } });
    expect(Array.isArray(data.staff)).toBe(true);
    expect(readPath(data, 'staff[1].grade')).toBe('B');
    expect(readPath(data, 'staff.1.grade')).toBe('B');
    expect(readPath({ 'a.b': 1 }, 'a.b')).toBe(1);
    expect(readPath(data, 'ward.constructor')).toBeUndefined();
    writePath(data, '__proto__.polluted', 1);
    writePath(data, 'ward.constructor.prototype.polluted', 1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(data)).toEqual(['staff', 'ward']);
  });
});
