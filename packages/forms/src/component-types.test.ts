import { describe, expect, it } from 'vitest';
import { checkDefinition } from './convert/check-definition';
import { evaluateForm } from './engine/evaluate';
import { form } from './testing/single-page-form';

describe('forms as other builders export them (decision 0035)', () => {
  it('presentational values of another type are ignored and listed, never a refusal', () => {
    const check = checkDefinition(
      form([
        {
          type: 'textfield',
          key: 'ward',
          label: 'Ward',
          input: true,
          errors: '',
          suffix: true,
          prefix: false,
          placeholder: 3,
          description: null,
          tooltip: ['x'],
          customClass: {},
          attributes: '',
          tableView: 'yes',
        },
        { type: 'number', key: 'year', label: 2026 as unknown as string, input: true },
      ]),
    );
    expect(check.problems).toEqual([]);
    const [ward, year] = check.definition.components;
    for (const gone of [
      'errors',
      'suffix',
      'prefix',
      'placeholder',
      'tooltip',
      'customClass',
      'attributes',
      'tableView',
    ])
      expect(ward).not.toHaveProperty(gone);
    expect(year?.label).toBe('2026');
    expect(check.notices).toEqual(
      expect.arrayContaining([
        "'Ward' (key 'ward'), errors: ignored (\"\" is not an object)",
        "'Ward' (key 'ward'), suffix: ignored (true is not text)",
      ]),
    );
    expect(check.notices).toHaveLength(8);
  });

  it('what matters stays strict: a condition, a validation or a choice list of the wrong type is refused', () => {
    const check = checkDefinition(
      form([{ type: 'textfield', key: 'a', label: 'A', input: true, validate: 'required', hidden: 'no' }]),
    );
    expect(check.problems.map((p) => p.property).sort()).toEqual(['hidden', 'validate']);
  });

  it('types from other Form.io services: the plain ones become the nearest component with their check, all listed', () => {
    const check = checkDefinition(
      form([
        { type: 'iban', key: 'account', label: 'Account', input: true },
        { type: 'bsn', key: 'bsn', label: 'BSN', input: true, validate: { required: true } },
        { type: 'postcode', key: 'postcode', label: 'Postcode', input: true },
        { type: 'licenseplate', key: 'plate', label: 'Plate', input: true },
        { type: 'date', key: 'born', label: 'Born', input: true },
        { type: 'simpletextfieldadvanced', key: 'name', label: 'Name', input: true },
        { type: 'simplecols2', key: 'cols', input: false, columns: [{ components: [] }] },
        { type: 'map', key: 'where', label: 'Where', input: true },
        { type: 'npFamilyMembers', key: 'family', label: 'Family', input: true },
        { type: 'iban', key: 'second', label: 'Second account', input: true },
        {
          type: 'radiopanel',
          key: 'simple',
          label: 'Simple',
          input: true,
          values: [
            { value: 'ja', label: 'Ja' },
            { value: 'nei', label: 'Nei' },
          ],
        },
      ]),
    );
    expect(check.problems).toEqual([]);
    const types = check.definition.components.map((c) => c.type);
    expect(types).toEqual([
      'textfield',
      'textfield',
      'textfield',
      'textfield',
      'datetime',
      'textfield',
      'columns',
      'map',
      'npFamilyMembers',
      'textfield',
      'radio',
    ]);
    expect(check.definition.components[1]?.validate).toEqual({ pattern: '[0-9]{9}', required: true });
    expect(check.notices).toEqual([
      "`iban`: shown as a text box that checks the shape of an IBAN (2 letters, 2 digits, then 11 to 30 letters or digits), not its check digits ('account', 'second')",
      "`bsn`: shown as a text box that checks for 9 digits (a Dutch citizen service number), not its eleven test ('bsn')",
      "`postcode`: shown as a text box that checks a Dutch postcode (1234 AB) ('postcode')",
      "`licenseplate`: shown as a text box that checks a Dutch number plate (AB-12-CD) ('plate')",
      "`date`: shown as a date (day, month and year boxes) ('born')",
      "`simpletextfieldadvanced`: shown as a text box ('name')",
      "`simplecols2`: shown as columns ('cols')",
      "`map`: shown as a text box without its own check ('where')",
      "`npFamilyMembers`: shown as a text box without its own check ('family')",
      "`radiopanel`: shown as radio buttons ('simple')",
    ]);
    const stored = check.definition;
    expect(
      evaluateForm(stored, { account: 'NL91 ABNA 0417 1643 00', bsn: '12345678', simple: 'kanskje' }, 'draft')
        .errors,
    ).toEqual({
      bsn: ['BSN must be in the correct format'],
      simple: ['Select simple from the options given'],
    });
  });
});
