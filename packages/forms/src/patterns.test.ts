import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from './components';
import { checkDefinition } from './convert/check-definition';
import { evaluateForm } from './engine/evaluate';
import { isEmail, isUrl } from './engine/linear-rules';
import { matchesPattern, patternProblem } from './patterns';

/**
 * Patterns in linear time (decision 0030): our RE2 patterns say what Form.io's JavaScript ones say, on
 * generated patterns and answers, and on the email and URL checks; patterns RE2 cannot run are refused
 * on upload and reported (never passed over) when stored earlier; ReDoS patterns from public advisories
 * run on long answers (on V8 each of these answers takes seconds to years).
 */

// Form.io's own expressions (@formio/core 2.8.3, validateEmail.js and validateUrl.js), for comparison.
const FORMIO_EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
const FORMIO_URL =
  /^(?:(?:(?:https?|ftp):)?\/\/)?(?:\S+(?::\S*)?@)?(?:(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))|(?:(?:[a-z\u00a1-\uffff0-9]-*)*[a-z\u00a1-\uffff0-9]+)(?:\.(?:[a-z\u00a1-\uffff0-9]-*)*[a-z\u00a1-\uffff0-9]+)*(?:\.(?:[a-z\u00a1-\uffff]{2,})))(?::\d{2,5})?(?:[/?#]\S*)?$/i;
const FORMIO_URL_NO_TLD =
  /^(?:https?|ftp):\/\/(?:\S+(?::\S*)?@)?(?:(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))|(?:(?:[a-z\u00a1-\uffff0-9]-*)*[a-z\u00a1-\uffff0-9]+)(?:\.(?:[a-z\u00a1-\uffff0-9]-*)*[a-z\u00a1-\uffff0-9]+)*(?:\.(?:[a-z\u00a1-\uffff]{2,}))?)(?::\d{2,5})?(?:[/?#]\S*)?$/i;
const formioUrl = (v: string) => (FORMIO_URL.test(v) || FORMIO_URL_NO_TLD.test(v)) && !FORMIO_EMAIL.test(v);

const piece = (...options: string[]) => fc.constantFrom(...options);
const octet = fc.oneof(
  fc.integer({ min: 0, max: 300 }).map(String),
  piece('10', '127', '169', '254', '172', '16', '31', '32', '192', '168', '0', '00', '01', '255', '224'),
);
const host = fc.oneof(
  fc.tuple(octet, octet, octet, octet).map((o) => o.join('.')),
  fc.tuple(octet, octet, octet).map((o) => o.join('.')),
  fc
    .array(fc.stringMatching(/^[a-zA-Z0-9é-]{0,6}$/), { minLength: 1, maxLength: 4 })
    .map((labels) => labels.join('.')),
  piece('localhost', 'example.com', 'nhs.uk', 'a.b', 'xn--bcher-kva.example', 'é.fr'),
);
const url = fc
  .tuple(
    piece('', 'http://', 'https://', 'ftp://', '//', 'HTTP://', 'mailto:'),
    piece('', 'user@', 'u:p@', ':@', 'a b@', '@'),
    host,
    piece('', ':80', ':8080', ':1', ':123456'),
    piece('', '/', '/path?q=1#x', '?', '#', ' trailing', '/a b'),
  )
  .map((parts) => parts.join(''));

describe('linear-time patterns give the verdicts of Form.io’s regular expressions', () => {
  it('URL: the same verdict as Form.io’s expressions with lookaheads, on generated URLs', () => {
    fc.assert(
      fc.property(url, (value) => {
        expect(isUrl(value), value).toBe(formioUrl(value));
      }),
      { numRuns: 3000 },
    );
    for (const value of ['10.1.2.3', '127.0.0.1', '169.254.1.1', '192.168.0.1', '172.16.0.1', '172.31.9.9'])
      expect(isUrl(value), value).toBe(false);
    for (const value of ['11.1.2.3', '169.253.1.1', '192.169.0.1', '172.15.0.1', '172.32.0.1', '100.1.1.1'])
      expect(isUrl(value), value).toBe(true);
  });

  it('email: the same verdict as Form.io’s expression, on generated addresses', () => {
    const email = fc
      .tuple(
        fc.oneof(fc.stringMatching(/^[a-z.+"_ -]{0,8}$/), piece('"a b"', '"', 'a..b', '.a')),
        piece('@', '@@', ''),
        fc.oneof(host, piece('[1.2.3.4]', '[1.2.3]', 'nhs.net', 'a.b.c.uk', 'x.y1')),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(email, (value) => {
        expect(isEmail(value), value).toBe(FORMIO_EMAIL.test(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('a question’s pattern: the same verdict as JavaScript’s RegExp on generated patterns and answers', () => {
    const atom = fc.oneof(
      fc.constantFrom('a', 'b', '1', ' ', '-', '\\d', '\\w', '\\s', '\\S', '\\D', '.', '\\.', '\\u0041'),
      fc.constantFrom('[ab]', '[^a]', '[a-c1]', '[\\s]', '[\\d-]', '[A-Z]'),
    );
    const quantifier = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '*?');
    const term = fc.tuple(atom, quantifier).map(([a, q]) => a + q);
    const sequence = fc.array(term, { minLength: 1, maxLength: 5 }).map((t) => t.join(''));
    const pattern = fc.oneof(
      sequence,
      fc.tuple(sequence, sequence).map(([a, b]) => `${a}|${b}`),
      fc.tuple(sequence, quantifier).map(([a, q]) => `(${a})${q}`),
      fc.tuple(sequence, sequence).map(([a, b]) => `(?:${a}|${b})+`),
    );
    const answer = fc.string({
      unit: fc.constantFrom('a', 'b', 'c', 'A', '1', '9', ' ', '-', '.', '\t', '\u00a0', '\u2028', '\n', 'é'),
      maxLength: 8,
    });
    fc.assert(
      fc.property(pattern, answer, (p, value) => {
        expect(matchesPattern(p, value), `${p} on ${JSON.stringify(value)}`).toBe(
          new RegExp(`^${p}$`).test(value),
        );
      }),
      { numRuns: 1500 },
    );
  }, 60_000);
});

/**
 * ReDoS patterns from public sources, each with an answer that makes a backtracking engine take time
 * exponential or polynomial in its length. Run here on answers of 10,000 characters (the longest an
 * answer may be): RE2 reads each once. Sources: OWASP, "Regular expression Denial of Service - ReDoS"
 * (owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS: (a+)+, ([a-zA-Z]+)*,
 * (a|aa)+, (a|a?)+, (.*a){x} for x > 10, the e-mail validator ^([a-zA-Z0-9])(([\-.]|[_]+)?([a-zA-Z0-9]+))*(@)...);
 * issue 23 (a pattern with alternation and adjacent quantifiers: (\w|\d)+x, a*a*a*b); CVE-2020-7661
 * (url-regex, the same URL expression family as Form.io's); the stack notes (V8 backtracks).
 */
const redos: [string, string][] = [
  ['(a+)+', `${'a'.repeat(10_000)}!`],
  ['([a-zA-Z]+)*', `${'a'.repeat(10_000)}1`],
  ['(a|aa)+', `${'a'.repeat(10_000)}!`],
  ['(a|a?)+', `${'a'.repeat(10_000)}!`],
  ['(.*a){12}', `${'a'.repeat(10_000)}!`],
  [
    String.raw`([a-zA-Z0-9])(([\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))`,
    `${'a'.repeat(10_000)}!`,
  ],
  [String.raw`(\w|\d)+x`, '1'.repeat(10_000)],
  ['a*a*a*a*a*b', 'a'.repeat(10_000)],
  [String.raw`(\s*,\s*)*x`, `${' , '.repeat(3_000)}y`],
];

describe('ReDoS patterns from public advisories', () => {
  it.each(redos)(
    '%s is accepted (it runs in linear time) and checks a 10,000-character answer',
    (pattern, answer) => {
      expect(patternProblem(pattern)).toBeNull();
      expect(matchesPattern(pattern, answer)).toBe(false);
    },
  );

  it("Form.io's URL and email checks on answers that make its expressions backtrack", () => {
    expect(isUrl(':@'.repeat(5_000))).toBe(false);
    expect(isUrl(`${'a'.repeat(10_000)}!`)).toBe(false);
    expect(isEmail(`${'a'.repeat(5_000)}@${'a-.'.repeat(1_600)}`)).toBe(false);
  });

  it('a form with such a pattern evaluates a long hostile answer, with Form.io’s message', () => {
    const definition: FormDefinition = {
      display: 'form',
      components: [
        { type: 'textfield', key: 'ref', label: 'Reference', input: true, validate: { pattern: '(a+)+' } },
        { type: 'url', key: 'site', label: 'Website', input: true },
      ],
    };
    const state = evaluateForm(
      definition,
      { ref: `${'a'.repeat(9_999)}!`, site: ':@'.repeat(4_000) },
      'draft',
    );
    expect(state.errors).toEqual({
      ref: ['Reference must be in the correct format'],
      site: ['Enter website in the correct format, like https://www.nhs.uk'],
    });
  });
});

describe('patterns RE2 cannot run', () => {
  it.each([
    ['(a)\\1', 'it refers back to a group ("\\1"), which cannot be checked in linear time'],
    [
      '(?=a)a',
      'it looks ahead or behind ("(?=", "(?!", "(?<=", "(?<!"), which cannot be checked in linear time',
    ],
    [
      '(?<!x)y',
      'it looks ahead or behind ("(?=", "(?!", "(?<=", "(?<!"), which cannot be checked in linear time',
    ],
    ['(a', 'it is not a pattern we can check (error parsing regexp: missing closing ): `^(a$`)'],
    ['a'.repeat(501), 'it is longer than 500 characters'],
  ])('%s is refused on upload, naming the question', (pattern, reason) => {
    expect(patternProblem(pattern)).toBe(reason);
    const check = checkDefinition({
      display: 'form',
      components: [{ type: 'textfield', key: 'ref', label: 'Reference', input: true, validate: { pattern } }],
    });
    expect(check.problems).toEqual([
      {
        component: expect.objectContaining({ key: 'ref', label: 'Reference' }),
        property: 'validate.pattern',
        message: `the pattern cannot be used: ${reason}`,
      },
    ]);
  });

  it('one stored before the check is not passed over: a submit says the form cannot be checked', () => {
    const definition: FormDefinition = {
      display: 'form',
      components: [
        { type: 'textfield', key: 'ref', label: 'Reference', input: true, validate: { pattern: '(a)\\1' } },
      ],
    };
    const state = evaluateForm(definition, { ref: 'aa' }, 'completed');
    expect(state.unchecked).toMatchObject([
      { component: { key: 'ref' }, property: 'validate.pattern', reason: 'unsupported' },
    ]);
    expect(state.errors.form?.[0]).toMatch(
      /^This form cannot be checked: the rule in 'Reference' \(validate\.pattern\)/,
    );
  });
});
