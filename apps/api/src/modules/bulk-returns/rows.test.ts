import { describe, expect, it } from 'vitest';
import { headerOf } from '../exports/columns';
import { answerColumns, contentOf, explanationsOf, pathOf, rowsFromCsv, typedAnswer } from './rows';

/** The bulk call's rows read back what the export writes (decision 0039). */
const definitions = [
  {
    components: [
      { type: 'number', key: 'headcount', label: 'Headcount', input: true },
      { type: 'checkbox', key: 'agreed', label: 'Agreed', input: true },
      {
        type: 'selectboxes',
        key: 'services',
        label: 'Services',
        input: true,
        values: [
          { value: 'xray', label: 'X-ray' },
          { value: 'mri', label: 'MRI' },
        ],
      },
      {
        type: 'datagrid',
        key: 'staff',
        label: 'Staff',
        input: true,
        components: [{ type: 'number', key: 'fte', label: 'FTE', input: true }],
      },
      {
        type: 'container',
        key: 'address',
        label: 'Address',
        input: true,
        components: [{ type: 'textfield', key: 'postcode', label: 'Postcode', input: true }],
      },
    ],
  },
];

describe('bulk rows', () => {
  it('reads an export key back into its path', () => {
    for (const path of [['headcount'], ['staff', 0, 'fte'], ['a', 2, 'b', 10, 'c'], ['address', 'postcode']])
      expect(pathOf(headerOf(path))).toEqual(path);
  });

  it('knows the columns the keys name, grid rows included, and nothing else', () => {
    const columns = answerColumns(definitions, ['headcount', 'staff[2].fte', 'services.xray']);
    expect([...columns.keys()]).toEqual([
      'headcount',
      'agreed',
      'services.xray',
      'services.mri',
      'staff[0].fte',
      'staff[1].fte',
      'staff[2].fte',
      'address.postcode',
    ]);
  });

  it('types CSV cells by the question: numbers, booleans, structured JSON, text otherwise', () => {
    expect(typedAnswer('number', ' 12.5 ')).toBe(12.5);
    expect(typedAnswer('number', 'twelve')).toBe('twelve');
    expect(typedAnswer('checkbox', 'TRUE')).toBe(true);
    expect(typedAnswer('selectboxes', 'false')).toBe(false);
    expect(typedAnswer('address', '{"line1":"1 High St"}')).toEqual({ line1: '1 High St' });
    expect(typedAnswer('textfield', '007')).toBe('007');
  });

  it('builds the whole return from a CSV row, grids and containers included; explanations apart', () => {
    const [row] = rowsFromCsv(
      '\uFEFForganisationCode,headcount,services.xray,staff[0].fte,staff[1].fte,address.postcode,explanations.7\r\n' +
        'RJ1,120,true,1,0.5,SE1 7EH,Two new wards\r\n',
    );
    if (!row) throw new Error('no row');
    expect(row.organisationCode).toBe('RJ1');
    const columns = answerColumns(definitions, Object.keys(row.answers));
    expect(contentOf(row, columns)).toEqual({
      headcount: 120,
      services: { xray: true },
      staff: [{ fte: 1 }, { fte: 0.5 }],
      address: { postcode: 'SE1 7EH' },
    });
    expect(explanationsOf(row)).toEqual({ '7': 'Two new wards' });
  });
});
