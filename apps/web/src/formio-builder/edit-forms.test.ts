import { Components } from '@formio/js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_SETTINGS, JAVASCRIPT_SETTINGS, JSON_LOGIC_FIELD, settingKeys } from './edit-forms';
import { paletteTypes } from './palette';
import { setUpFormio } from './setup';

type Registry = Record<
  string,
  {
    editForm(): { components: Record<string, unknown>[] };
    builderInfo?: { group?: string; schema?: unknown };
  }
>;
const registry = () => (Components as unknown as { components: Registry }).components;

/** Every component of an edit form, at any depth, with the tab it sits in. */
function everyComponent(form: { components: Record<string, unknown>[] }) {
  const found: Record<string, unknown>[] = [];
  const walk = (components: unknown) => {
    for (const component of (components as Record<string, unknown>[] | undefined) ?? []) {
      found.push(component);
      walk(component.components);
      for (const column of (component.columns as { components?: unknown }[] | undefined) ?? [])
        walk(column.components);
    }
  };
  walk(form.components);
  return found;
}

const tabsOf = (form: { components: Record<string, unknown>[] }) =>
  ((form.components.find((c) => c.type === 'tabs')?.components as { key: string }[] | undefined) ?? []).map(
    (tab) => tab.key,
  );

beforeAll(() => setUpFormio());

describe('the builder palette', () => {
  it('offers the standard questions and layouts, and nothing that needs JavaScript, a CDN or a Form.io server', () => {
    const types = paletteTypes(registry());
    for (const type of [
      'textfield',
      'textarea',
      'number',
      'select',
      'radio',
      'checkbox',
      'selectboxes',
      'day',
    ])
      expect(types).toContain(type);
    for (const type of ['panel', 'columns', 'fieldset', 'table', 'tabs', 'well', 'datagrid', 'editgrid'])
      expect(types).toContain(type);
    for (const type of [
      'button',
      'password',
      'url',
      'tags',
      'address',
      'datamap',
      'file',
      'form',
      'resource',
    ])
      expect(types).not.toContain(type);
    expect(types).not.toContain(JSON_LOGIC_FIELD);
  });
});

describe.each(paletteTypes(registry()))('the settings dialog of a %s', (type) => {
  const form = () => registry()[type]!.editForm();

  it('has no JavaScript setting, no Logic or Layout tab, and only allowed settings', () => {
    const keys = settingKeys(form());
    for (const key of JAVASCRIPT_SETTINGS) expect(keys).not.toContain(key);
    for (const key of keys)
      expect(ALLOWED_SETTINGS.has(key) || key === 'type' || isJsonLogic(key), `${type}: ${key}`).toBe(true);
    expect(tabsOf(form())).not.toContain('logic');
    expect(tabsOf(form())).not.toContain('layout');
  });

  it('loads no code or rich-text editor and no choices.js select, and keeps help as visible text', () => {
    for (const component of everyComponent(form())) {
      expect(component.editor ?? '', `${type}: ${String(component.key)}`).toBe('');
      expect(component.wysiwyg ?? false).toBeFalsy();
      expect(component.tooltip).toBeUndefined();
      if (component.type === 'select') expect(component.widget).toBe('html5');
      if (component.type === 'textarea') expect(component.as ?? '').not.toBe('javascript');
    }
  });

  it('keeps its API key, and the simple and JSON Logic conditions (a hidden value has none in Form.io)', () => {
    const conditions = ['conditional.show', 'conditional.when', 'conditional.eq', 'conditional.json'];
    expect(settingKeys(form())).toEqual(
      expect.arrayContaining(['key', ...(type === 'hidden' ? [] : conditions)]),
    );
  });
});

const isJsonLogic = (key: string) => ['calculateValue', 'validate.json', 'conditional.json'].includes(key);

describe('the settings that matter most', () => {
  const keysOf = (type: string) => settingKeys(registry()[type]!.editForm());

  it('a text field: label, description, tooltip, placeholder, prefix, suffix, default, lengths, pattern, message, JSON Logic', () => {
    expect(keysOf('textfield')).toEqual(
      expect.arrayContaining([
        'label',
        'description',
        'tooltip',
        'placeholder',
        'prefix',
        'suffix',
        'defaultValue',
        'validate.required',
        'validate.minLength',
        'validate.maxLength',
        'validate.pattern',
        'validate.customMessage',
        'validate.json',
        'calculateValue',
      ]),
    );
  });

  it('a number: minimum and maximum; a select: its values list', () => {
    expect(keysOf('number')).toEqual(
      expect.arrayContaining(['validate.min', 'validate.max', 'decimalLimit']),
    );
    expect(keysOf('select')).toContain('data.values');
    expect(keysOf('select')).not.toContain('dataSrc');
    expect(keysOf('radio')).toContain('values');
  });

  it('the JSON Logic settings are our JSON text areas, each once', () => {
    const components = everyComponent(registry().textfield!.editForm());
    for (const key of ['calculateValue', 'validate.json', 'conditional.json']) {
      const matching = components.filter((c) => c.key === key);
      expect(matching.map((c) => c.type)).toEqual([JSON_LOGIC_FIELD]);
    }
  });
});
