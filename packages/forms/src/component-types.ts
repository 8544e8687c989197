import { dataShapeOf, type FormComponent } from './components';

/**
 * Component types a form brings (decision 0035). Form.io's standard types are drawn as NHS.UK
 * components. Other Form.io services add types of their own: the Dutch government's Open Forms
 * (`iban`, `bsn`, `postcode`, `licenseplate`, `map`, `date`, ...), British Columbia's CHEFS
 * (`simpletextfield`, `simplecols2`, ...) and Norway's NAV (`radiopanel`, `year`, `attachment`, ...).
 * The rule:
 *
 * - a type whose meaning is plain becomes the nearest standard component, with its check where the
 *   service has one we can write as a pattern (an IBAN's shape, nine digits of a BSN);
 * - any other type is accepted and drawn by its shape: a question as a text box without a check of its
 *   own, a group of questions as a group, text as text;
 * - either way the manager is told, on upload and in the builder, what the product does with each
 *   (`typeNotices`), never silently.
 */

/** Standard Form.io types the renderer draws as they are. */
export const STANDARD_TYPES: ReadonlySet<string> = new Set([
  'textfield',
  'email',
  'phoneNumber',
  'url',
  'password',
  'textarea',
  'number',
  'currency',
  'select',
  'radio',
  'checkbox',
  'selectboxes',
  'survey',
  'day',
  'datetime',
  'time',
  'file',
  'datagrid',
  'editgrid',
  'container',
  'panel',
  'fieldset',
  'columns',
  'table',
  'well',
  'tabs',
  'content',
  'htmlelement',
  'signature',
  'hidden',
  'button',
  'form',
]);

interface Mapping {
  type: string;
  /** Settings the standard component gets (its check), unless the form gave its own. */
  settings?: FormComponent;
  /** How it is shown, for the manager. */
  shown: string;
}

const pattern = (value: string) => ({ validate: { pattern: value } });

/** Types from other Form.io services whose meaning is plain. */
const MAPPINGS: Record<string, Mapping> = {
  iban: {
    type: 'textfield',
    settings: pattern('[A-Za-z]{2}[0-9]{2}( ?[A-Za-z0-9]){11,30}'),
    shown:
      'a text box that checks the shape of an IBAN (2 letters, 2 digits, then 11 to 30 letters or digits), not its check digits',
  },
  bsn: {
    type: 'textfield',
    settings: pattern('[0-9]{9}'),
    shown: 'a text box that checks for 9 digits (a Dutch citizen service number), not its eleven test',
  },
  postcode: {
    type: 'textfield',
    settings: pattern('[1-9][0-9]{3} ?[A-Za-z]{2}'),
    shown: 'a text box that checks a Dutch postcode (1234 AB)',
  },
  licenseplate: {
    type: 'textfield',
    settings: pattern('[A-Za-z0-9]{1,3}-[A-Za-z0-9]{1,3}-[A-Za-z0-9]{1,3}'),
    shown: 'a text box that checks a Dutch number plate (AB-12-CD)',
  },
  date: { type: 'datetime', settings: { enableTime: false }, shown: 'a date (day, month and year boxes)' },
  // NAV's radio buttons drawn as panels: the same `values`, one answer.
  radiopanel: { type: 'radio', shown: 'radio buttons' },
};

/** British Columbia's CHEFS types: `simple` + a standard type (and `advanced` variants). */
const CHEFS: Record<string, string> = {
  textfield: 'textfield',
  textarea: 'textarea',
  number: 'number',
  email: 'email',
  phonenumber: 'phoneNumber',
  datetime: 'datetime',
  day: 'day',
  time: 'time',
  checkbox: 'checkbox',
  radios: 'radio',
  radio: 'radio',
  select: 'select',
  selectboxes: 'selectboxes',
  content: 'content',
  heading: 'htmlelement',
  paragraph: 'htmlelement',
  panel: 'panel',
  fieldset: 'fieldset',
  tabs: 'tabs',
  cols2: 'columns',
  cols3: 'columns',
  cols4: 'columns',
  file: 'file',
  currency: 'currency',
  url: 'url',
  survey: 'survey',
};

const WORDS: Record<string, string> = {
  textfield: 'a text box',
  textarea: 'a text area',
  number: 'a number box',
  email: 'an email address box',
  phoneNumber: 'a phone number box',
  datetime: 'a date',
  day: 'a date',
  time: 'a time',
  checkbox: 'a tick box',
  radio: 'radio buttons',
  select: 'a list to choose from',
  selectboxes: 'tick boxes',
  content: 'text',
  htmlelement: 'text',
  panel: 'a section',
  fieldset: 'a group of questions',
  tabs: 'tabs',
  columns: 'columns',
  file: 'a file upload',
  currency: 'an amount of money',
  url: 'a web address box',
  survey: 'a table of choices',
};

/** The standard type (and its check) a non-standard type becomes, or null when it has none. */
export function mappingOf(type: string): Mapping | null {
  const known = MAPPINGS[type];
  if (known) return known;
  const chefs = /^simple(.+?)(?:advanced)?$/.exec(type)?.[1];
  const standard = chefs ? CHEFS[chefs] : undefined;
  return standard ? { type: standard, shown: WORDS[standard] ?? standard } : null;
}

/**
 * A component as the product draws and checks it: a mapped type becomes its standard component with
 * its check (a pattern the form gave stays); anything else is returned as it is.
 */
export function standardComponent(c: FormComponent): FormComponent {
  const type = typeof c.type === 'string' ? c.type : '';
  if (type === '' || STANDARD_TYPES.has(type)) return c;
  const mapping = mappingOf(type);
  if (!mapping) return c;
  const validate = {
    ...(mapping.settings?.validate as object | undefined),
    ...(c.validate as object | undefined),
  };
  return {
    ...mapping.settings,
    ...c,
    type: mapping.type,
    ...(Object.keys(validate).length > 0 ? { validate } : {}),
  };
}

/** How the renderer draws a type it does not know, by the shape of its data. */
export function unknownTypeShown(c: FormComponent): string {
  switch (dataShapeOf(c)) {
    case 'layout':
    case 'object':
      return 'a group of its questions';
    case 'rows':
      return 'a table of rows of its questions';
    case 'content':
      return 'text';
    default:
      return 'a text box without its own check';
  }
}

export interface TypeNotice {
  /** The type as the form gave it. */
  type: string;
  /** The questions of that type, by key (or label). */
  components: string[];
  /** How the product shows it: "`iban`: shown as a text box that checks ...". */
  message: string;
}

/**
 * Every non-standard type in a definition, once each, with how it is shown (for the upload's answer,
 * the upload screen and the builder).
 */
export function typeNotices(components: readonly FormComponent[]): TypeNotice[] {
  const found = new Map<string, TypeNotice>();
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const c of list as FormComponent[]) {
      if (!c || typeof c !== 'object') continue;
      const type = typeof c.type === 'string' ? c.type : '';
      if (type !== '' && !STANDARD_TYPES.has(type)) {
        const mapping = mappingOf(type);
        const notice = found.get(type) ?? {
          type,
          components: [],
          message: `\`${type}\`: shown as ${mapping ? mapping.shown : unknownTypeShown(c)}`,
        };
        const name =
          typeof c.key === 'string' && c.key !== '' ? c.key : typeof c.label === 'string' ? c.label : '';
        if (name && !notice.components.includes(name)) notice.components.push(name);
        found.set(type, notice);
      }
      visit(c.components);
      if (Array.isArray(c.columns)) for (const column of c.columns) visit(column?.components);
      if (Array.isArray(c.rows))
        for (const row of c.rows) if (Array.isArray(row)) for (const cell of row) visit(cell?.components);
    }
  };
  visit(components);
  return [...found.values()];
}
