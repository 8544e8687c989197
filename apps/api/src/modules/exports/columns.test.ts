import { describe, expect, it } from 'vitest';
import { exportColumns, gridPatterns, valueAt } from './columns';

/** A timesheet as Form.io's builder writes one: inputs inside layout carry no `input` flag. */
const timesheet = {
  components: [
    {
      type: 'datagrid',
      key: 'days',
      label: 'Days',
      components: [
        { type: 'textfield', key: 'day', label: 'Day' },
        {
          type: 'container',
          key: 'shift',
          label: 'Shift',
          components: [
            { type: 'columns', columns: [{ components: [{ type: 'time', key: 'start', label: 'Start' }] }] },
          ],
        },
        {
          type: 'editgrid',
          key: 'hours',
          label: 'Hours',
          components: [{ type: 'number', key: 'hrs', label: 'Hours worked' }],
        },
      ],
    },
    {
      type: 'form',
      key: 'referral',
      label: 'Referral',
      components: [{ type: 'textfield', key: 'name', label: 'Name' }],
    },
    {
      type: 'survey',
      key: 'satisfaction',
      label: 'Satisfaction',
      questions: [
        { label: 'Waiting time', value: 'waiting' },
        { label: 'Staff', value: 'staff' },
      ],
      values: [
        { label: 'Good', value: 'good' },
        { label: 'Poor', value: 'poor' },
      ],
    },
    { type: 'htmlelement', key: 'note', content: '<p>Thank you</p>' },
  ],
};

describe('export columns of nested answers', () => {
  it('one column per answer at any depth, named by its data path, read from where Form.io keeps it', () => {
    const patterns = gridPatterns([timesheet]).map((p) => p.join('/'));
    expect(patterns).toEqual(['days', 'days/*/hours']);
    const rows: Record<string, number> = { days: 2, 'days/*/hours': 2 };
    const columns = exportColumns([timesheet], (p) => rows[p.join('/')] ?? 0);
    expect(columns.map((c) => c.header)).toEqual([
      'days[0].day',
      'days[0].shift.start',
      'days[0].hours[0].hrs',
      'days[0].hours[1].hrs',
      'days[1].day',
      'days[1].shift.start',
      'days[1].hours[0].hrs',
      'days[1].hours[1].hrs',
      'referral.data.name',
      'satisfaction.waiting',
      'satisfaction.staff',
    ]);
    expect(columns.find((c) => c.header === 'days[1].hours[0].hrs')?.label).toBe(
      'Days (row 2): Hours (row 1): Hours worked',
    );
    expect(columns.find((c) => c.header === 'days[0].shift.start')?.label).toBe('Days (row 1): Shift: Start');
    expect(columns.find((c) => c.header === 'satisfaction.staff')).toMatchObject({
      label: 'Satisfaction: Staff',
      options: 'good = Good; poor = Poor',
    });
    const content = {
      days: [{ day: 'Mon', shift: { start: '09:00' }, hours: [{ hrs: 2 }, { hrs: 3 }] }],
      referral: { data: { name: 'Ash ward' } },
      satisfaction: { waiting: 'poor', staff: 'good' },
    };
    const value = (header: string) =>
      valueAt(content, columns.find((c) => c.header === header)?.path ?? ['missing']);
    expect(
      ['days[0].shift.start', 'days[0].hours[1].hrs', 'referral.data.name', 'satisfaction.waiting'].map(
        value,
      ),
    ).toEqual(['09:00', 3, 'Ash ward', 'poor']);
  });
});

describe('export columns of multi-value questions (decision 0035)', () => {
  it('one column per item, like a grid row, up to the most items a return has; numbers stay numbers', () => {
    const form = {
      components: [
        { type: 'textfield', key: 'wards', label: 'Ward', multiple: true },
        {
          type: 'datagrid',
          key: 'sites',
          label: 'Sites',
          components: [{ type: 'number', key: 'beds', label: 'Beds', multiple: true }],
        },
        {
          type: 'selectboxes',
          key: 'services',
          label: 'Services',
          multiple: true,
          values: [{ label: 'X-ray', value: 'xray' }],
        },
      ],
    };
    expect(gridPatterns([form]).map((p) => p.join('/'))).toEqual(['wards', 'sites', 'sites/*/beds']);
    const counts: Record<string, number> = { wards: 2, sites: 1, 'sites/*/beds': 3 };
    const columns = exportColumns([form], (p) => counts[p.join('/')] ?? 0);
    expect(columns.map((c) => [c.header, c.label])).toEqual([
      ['wards[0]', 'Ward (1)'],
      ['wards[1]', 'Ward (2)'],
      ['sites[0].beds[0]', 'Sites (row 1): Beds (1)'],
      ['sites[0].beds[1]', 'Sites (row 1): Beds (2)'],
      ['sites[0].beds[2]', 'Sites (row 1): Beds (3)'],
      ['services.xray', 'Services: X-ray'],
    ]);
    const content = { wards: ['Oak', 'Elm'], sites: [{ beds: [4, 6] }] };
    expect(columns.map((c) => valueAt(content, c.path))).toEqual(['Oak', 'Elm', 4, 6, undefined, undefined]);
  });
});
