import { FieldError } from '@formio/core/error';
import { RE2JS } from 're2js';
import { LogicUnsupportedError } from '../logic';
import { matchesPattern, PatternError, toRe2 } from '../patterns';
import { type LogicFailure, noteLogicFailure } from './unchecked';

/**
 * Form.io's validation rules whose regular expressions could backtrack, replaced by ones matched in
 * linear time on RE2's engine (../patterns.ts, decision 0030): a question's `validate.pattern`, the email
 * check and the URL check. Form.io's URL expression takes ~1 s on a 20,000-character answer of ":@"
 * repeated and its lookaheads are not RE2's; here the same language is written without lookahead (the
 * private address ranges it excludes are spelt out), and a test compares the two on generated URLs.
 * Each rule keeps Form.io's name, when it applies and the error it gives, so the verdicts stay Form.io's.
 */

interface RuleContext {
  component: {
    type?: string;
    key?: string;
    multiple?: boolean;
    validate?: { pattern?: unknown; patternMessage?: unknown };
  } & Record<string, unknown>;
  value?: unknown;
  path?: string;
  scope?: { logicFailures?: LogicFailure[] };
}

interface RuleInfo {
  name: string;
  process: (context: never) => Promise<FieldError | null>;
  processSync: (context: never) => FieldError | null;
  shouldProcess: (context: never) => boolean;
}

const info = (
  name: string,
  shouldProcess: (context: RuleContext) => boolean,
  processSync: (context: RuleContext) => FieldError | null,
): RuleInfo => ({
  name,
  shouldProcess: shouldProcess as RuleInfo['shouldProcess'],
  processSync: processSync as RuleInfo['processSync'],
  process: (async (context: RuleContext) => processSync(context)) as RuleInfo['process'],
});

// validateRegexPattern: a question's own pattern, as Form.io anchors it (`^${pattern}$`).
const hasPattern = ({ component, value }: RuleContext) => {
  const pattern = component.validate?.pattern;
  return (
    Boolean(component.validate && Object.hasOwn(component.validate, 'pattern')) &&
    typeof pattern === 'string' &&
    pattern !== '' &&
    typeof value === 'string' &&
    value !== ''
  );
};

function checkPattern(context: RuleContext): FieldError | null {
  if (!hasPattern(context)) return null;
  const { component, value } = context;
  const pattern = component.validate?.pattern as string;
  try {
    if (matchesPattern(pattern, value as string)) return null;
  } catch (error) {
    if (!(error instanceof PatternError)) throw error;
    // A pattern stored before the upload check: the form cannot be checked, and says where.
    noteLogicFailure(
      context,
      'validate.pattern',
      new LogicUnsupportedError('pattern', `its pattern cannot be matched in linear time (${error.message})`),
    );
    return null;
  }
  const message = component.validate?.patternMessage;
  return new FieldError(
    typeof message === 'string' && message !== '' ? message : 'pattern',
    { ...context, regex: pattern, pattern, setting: pattern } as never,
    'pattern',
  );
}

/** Form.io's email expression (validateEmail.js, from a Stack Overflow answer); it has no lookaround. */
const EMAIL = RE2JS.compile(
  toRe2(
    String.raw`^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$`,
  ),
);

/**
 * Form.io's URL expressions (validateUrl.js) without their lookaheads. They refuse an IP address whose
 * first octet is 10 or 127, or that starts 169.254, 192.168 or 172.16-172.31: spelt out below as the
 * first two octets an address may have (the octets as Form.io's expression reads them).
 */
const O2 = String.raw`(?:1?\d{1,2}|2[0-4]\d|25[0-5])`;
const O4 = String.raw`(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4])`;
const FIRST_PUBLIC = String.raw`(?:[1-9]|1[1-9]|[2-9]\d|1[01]\d|12[0-689]|1[3-5]\d|16[0-8]|17[013-9]|18\d|19[013-9]|2[01]\d|22[0-3])`;
const NOT_254 = String.raw`(?:\d\d?|1\d\d|2[0-4]\d|25[0-35])`;
const NOT_168 = String.raw`(?:\d\d?|1[0-57-9]\d|16[0-79]|2[0-4]\d|25[0-5])`;
const NOT_16_TO_31 = String.raw`(?:\d|0\d|1[0-5]|3[2-9]|[4-9]\d|1\d\d|2[0-4]\d|25[0-5])`;
const rest = String.raw`\.${O2}\.${O4}`;
const PUBLIC_IP = String.raw`(?:${FIRST_PUBLIC}\.${O2}${rest}|169\.${NOT_254}${rest}|172\.${NOT_16_TO_31}${rest}|192\.${NOT_168}${rest})`;
const LABEL = String.raw`(?:[a-z\u00a1-\uffff0-9]-*)*[a-z\u00a1-\uffff0-9]+`;
const HOST = (tld: string) => String.raw`(?:${LABEL})(?:\.${LABEL})*(?:\.(?:[a-z\u00a1-\uffff]{2,}))${tld}`;
const TAIL = String.raw`(?::\d{2,5})?(?:[/?#]\S*)?$`;
const URL_WITH_TLD = RE2JS.compile(
  `(?i)${toRe2(String.raw`^(?:(?:(?:https?|ftp):)?\/\/)?(?:\S+(?::\S*)?@)?(?:${PUBLIC_IP}|${HOST('')})${TAIL}`)}`,
);
const URL_NO_TLD = RE2JS.compile(
  `(?i)${toRe2(String.raw`^(?:https?|ftp):\/\/(?:\S+(?::\S*)?@)?(?:${PUBLIC_IP}|${HOST('?')})${TAIL}`)}`,
);

export const isEmail = (value: string): boolean => EMAIL.test(value);
export const isUrl = (value: string): boolean =>
  (URL_WITH_TLD.test(value) || URL_NO_TLD.test(value)) && !EMAIL.test(value);

const emailRule = info(
  'validateEmail',
  ({ component, value }) => Boolean(value) && component?.type === 'email',
  (context) =>
    context.component?.type === 'email' &&
    typeof context.value === 'string' &&
    context.value !== '' &&
    !isEmail(context.value)
      ? new FieldError('invalid_email', context as never, 'email')
      : null,
);

const urlShould = ({ component, value }: RuleContext) =>
  component?.type === 'url' &&
  !(component.multiple && Array.isArray(value) && value.length === 0) &&
  Boolean(value);

const urlRule = info('validateUrl', urlShould, (context) => {
  if (!urlShould(context)) return null;
  const { value } = context;
  return typeof value === 'string' && isUrl(value)
    ? null
    : new FieldError('invalid_url', context as never, 'url');
});

const patternRule = info('validateRegexPattern', hasPattern, checkPattern);

const replacements: Record<string, RuleInfo> = {
  validateRegexPattern: patternRule,
  validateEmail: emailRule,
  validateUrl: urlRule,
};

/** Form.io's validation rules with the three above in their places (same order, same names). */
export function linearRules<T extends { name: string }>(formioRules: readonly T[]): T[] {
  const out = formioRules.map((rule) => (replacements[rule.name] ?? rule) as T);
  const replaced = out.filter((rule) => Object.values(replacements).includes(rule as never)).length;
  if (replaced !== Object.keys(replacements).length)
    throw new Error(
      'Form.io validation rules changed: validateRegexPattern, validateEmail or validateUrl missing',
    );
  return out;
}
