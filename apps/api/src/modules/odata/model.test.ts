import { describe, expect, it } from 'vitest';
import { feedModel } from './model';

const names = (properties: { name: string }[]) => properties.map((p) => p.name);

describe('the feed model from a form', () => {
  it('names properties as CSDL allows, uniquely, never taking a fixed or navigation name', () => {
    const model = feedModel([
      {
        components: [
          { type: 'textfield', key: 'status', label: 'Our status', input: true },
          { type: 'number', key: '2nd-count', label: 'Second count', input: true },
          { type: 'textfield', key: 'Returns_staff', label: 'Clash with a grid', input: true },
          {
            type: 'container',
            key: 'a',
            input: true,
            components: [{ type: 'textfield', key: 'b_c', label: 'Nested', input: true }],
          },
          { type: 'textfield', key: 'a_b_c', label: 'Same name once joined', input: true },
          { type: 'editgrid', key: 'staff', label: 'Staff', input: true, components: [] },
        ],
      },
    ]);
    expect(names(model.returns).slice(13)).toEqual([
      'status_2',
      '_2nd_count',
      'Returns_staff_2',
      'a_b_c',
      'a_b_c_2',
    ]);
    expect(model.grids.map((g) => g.name)).toEqual(['Returns_staff']);
    for (const name of names(model.returns)) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/);
  });

  it('keeps a question an older version had, and grids of every version as sets', () => {
    const v2 = { components: [{ type: 'number', key: 'beds', label: 'Beds', decimalLimit: 0, input: true }] };
    const v1 = {
      components: [
        { type: 'textfield', key: 'old', label: 'Old', input: true },
        {
          type: 'datagrid',
          key: 'wards',
          label: 'Wards',
          input: true,
          components: [{ type: 'textfield', key: 'name', input: true }],
        },
      ],
    };
    const model = feedModel([v2, v1]);
    expect(model.returns.slice(13).map((p) => [p.name, p.type])).toEqual([
      ['beds', 'Edm.Int64'],
      ['old', 'Edm.String'],
    ]);
    expect(model.grids.map((g) => [g.name, names(g.properties)])).toEqual([
      ['Returns_wards', ['ReturnId', 'RowNumber', 'name']],
    ]);
  });

  it('gives a multi-value question (in a return or a grid row) one column: its whole list as JSON text', () => {
    const model = feedModel([
      {
        components: [
          { type: 'textfield', key: 'wards', label: 'Wards', multiple: true, input: true },
          {
            type: 'datagrid',
            key: 'staff',
            label: 'Staff',
            input: true,
            components: [{ type: 'number', key: 'shifts', label: 'Shifts', multiple: true, input: true }],
          },
        ],
      },
    ]);
    expect(model.returns.slice(13).map((p) => [p.name, p.type, p.label])).toEqual([
      ['wards', 'Edm.String', 'Wards (a list, as JSON text)'],
    ]);
    expect(model.grids[0]!.properties.slice(2).map((p) => [p.name, p.type])).toEqual([
      ['shifts', 'Edm.String'],
    ]);
  });
});
