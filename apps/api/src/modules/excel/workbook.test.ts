import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { resolveName } from './form-fields';
import { columnLetters, parseRange, populateTemplate, readPrefill } from './workbook';

const definition = {
  components: [
    {
      type: 'datagrid',
      key: 'wards',
      label: 'Wards',
      input: true,
      components: [
        { type: 'textfield', key: 'ward', label: 'Ward', input: true },
        { type: 'number', key: 'beds', label: 'Beds', input: true },
        { type: 'checkbox', key: 'open', label: 'Open', input: true },
      ],
    },
    {
      type: 'container',
      key: 'contact',
      input: true,
      components: [
        {
          type: 'selectboxes',
          key: 'roles',
          label: 'Roles',
          input: true,
          values: [
            { label: 'Nurse', value: 'nurse' },
            { label: 'Doctor', value: 'doctor' },
          ],
        },
      ],
    },
  ],
};

async function template() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Ward's beds");
  wb.definedNames.add("'Ward''s beds'!$A$3:$C$5", 'wards');
  wb.definedNames.add("'Ward''s beds'!$E$1", 'ROLES');
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('workbook', () => {
  it('parses ranges with quoted sheet names and converts column letters', () => {
    expect(parseRange("'Ward''s beds'!$A$3:$C$5")).toEqual({
      sheet: "Ward's beds",
      top: 3,
      left: 1,
      bottom: 5,
      right: 3,
    });
    expect(parseRange('Sheet1!#REF!')).toBeNull();
    expect([1, 26, 27, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AAA']);
  });

  it('fills a grid row by row within its range, container fields by their own key (names match case-insensitively)', async () => {
    const filled = await populateTemplate(await template(), definition, {
      wards: [
        { ward: 'Ash', beds: 12, open: true },
        { ward: 'Elm', beds: 3 },
        { ward: 'Oak' },
        { ward: 'Beyond the range' },
      ],
      contact: { roles: { nurse: true, doctor: true } },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(filled as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet("Ward's beds") as ExcelJS.Worksheet;
    const grid = [3, 4, 5, 6].map((r) => [1, 2, 3].map((c) => sheet.getCell(r, c).value));
    expect(grid).toEqual([
      ['Ash', 12, true],
      ['Elm', 3, null],
      ['Oak', null, null],
      [null, null, null],
    ]);
    expect(sheet.getCell('E1').value).toBe('Nurse, Doctor');
  });

  it('reads a filled grid back cell by cell, stopping at the first empty row', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await template()) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet("Ward's beds") as ExcelJS.Worksheet;
    sheet.getRow(3).values = ['Ash', 12, 'Yes'];
    sheet.getRow(4).values = ['Elm', 'lots', 'maybe'];
    sheet.getCell('E1').value = 'doctor, Vet';
    const result = await readPrefill(Buffer.from(await wb.xlsx.writeBuffer()), definition);
    expect(result.values).toEqual({ wards: [{ ward: 'Ash', beds: 12, open: true }, { ward: 'Elm' }] });
    expect(result.taken.map((t) => t.cell)).toEqual([
      "Ward's beds!A3",
      "Ward's beds!B3",
      "Ward's beds!C3",
      "Ward's beds!A4",
    ]);
    expect(result.refused).toEqual([
      { cell: "Ward's beds!B4", key: 'wards[1].beds', reason: 'Not a number' },
      { cell: "Ward's beds!C4", key: 'wards[1].open', reason: 'Not Yes or No' },
      { cell: "Ward's beds!E1", key: 'contact.roles', reason: 'Not one of the choices: Nurse, Doctor' },
    ]);
  });

  describe('nested structures (decision 0023): names are data paths, rows by number from 1 or every row', () => {
    const timesheet = {
      components: [
        {
          type: 'datagrid',
          key: 'days',
          label: 'Days',
          input: true,
          components: [
            { type: 'textfield', key: 'day', label: 'Day', input: true },
            {
              type: 'container',
              key: 'shift',
              input: true,
              components: [
                {
                  type: 'columns',
                  columns: [
                    { components: [{ type: 'time', key: 'start', label: 'Start' }] },
                    { components: [{ type: 'time', key: 'end', label: 'End' }] },
                  ],
                },
              ],
            },
            {
              type: 'datagrid',
              key: 'hours',
              label: 'Hours',
              input: true,
              components: [
                { type: 'textfield', key: 'task', label: 'Task', input: true },
                { type: 'number', key: 'hrs', label: 'Hours', input: true },
              ],
            },
            { type: 'checkbox', key: 'approved', label: 'Approved', input: true },
          ],
        },
        {
          type: 'container',
          key: 'contact',
          input: true,
          components: [
            {
              type: 'datagrid',
              key: 'phones',
              input: true,
              components: [{ type: 'textfield', key: 'number', input: true }],
            },
          ],
        },
      ],
    };
    const answers = {
      days: [
        {
          day: 'Mon',
          shift: { start: '09:00', end: '17:00' },
          hours: [
            { task: 'Ward round', hrs: 2 },
            { task: 'Clinic', hrs: 3 },
          ],
          approved: true,
        },
        { day: 'Tue', shift: { start: '08:00', end: '16:00' }, hours: [{ task: 'Theatre', hrs: 6 }] },
      ],
      contact: { phones: [{ number: '020 7946 0000' }] },
    };

    /** The manager's template: a sheet with a defined name for each way of naming an answer. */
    async function timesheetTemplate() {
      const wb = new ExcelJS.Workbook();
      wb.addWorksheet('Timesheet');
      const names: [string, string][] = [
        // Tuesday's hours named before the grid they sit in: the two merge whichever is read first.
        ['Timesheet!$I$2:$J$4', 'Days.2.Hours'],
        ['Timesheet!$A$2:$D$9', 'days'],
        ['Timesheet!$F$2', 'days.hours'],
        ['Timesheet!$L$1', 'days.1.shift.end'],
        ['Timesheet!$L$3', 'days.day'],
        ['Timesheet!$N$2', 'contact.phones'],
        ['Timesheet!$P$2', 'phones'],
      ];
      for (const [range, name] of names) wb.definedNames.add(range, name);
      return Buffer.from(await wb.xlsx.writeBuffer());
    }
    const cellsOf = async (xlsx: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('Timesheet') as ExcelJS.Worksheet;
      return (rows: number[], columns: string[]) =>
        rows.map((r) => columns.map((c) => sheet.getCell(`${c}${r}`).value));
    };

    it('fills a grid with the answers of containers in its rows as columns, and a grid inside a grid by row or for every row', async () => {
      const read = await cellsOf(await populateTemplate(await timesheetTemplate(), timesheet, answers));
      // `days`: day, shift.start, shift.end, approved (the grid inside the row has names of its own).
      expect(read([2, 3, 4], ['A', 'B', 'C', 'D'])).toEqual([
        ['Mon', '09:00', '17:00', true],
        ['Tue', '08:00', '16:00', null],
        [null, null, null, null],
      ]);
      // `days.hours`: every day's rows one after another, growing down from one cell.
      expect(read([2, 3, 4, 5], ['F', 'G'])).toEqual([
        ['Ward round', 2],
        ['Clinic', 3],
        ['Theatre', 6],
        [null, null],
      ]);
      // `days.2.hours`: Tuesday's rows only.
      expect(read([2, 3], ['I', 'J'])).toEqual([
        ['Theatre', 6],
        [null, null],
      ]);
      // One cell of a row, and one column of every row.
      expect(read([1, 3, 4, 5], ['L'])).toEqual([['17:00'], ['Mon'], ['Tue'], [null]]);
      // A grid in a container, by its path and by its own key (decision 0008's rule).
      expect(read([2], ['N', 'P'])).toEqual([['020 7946 0000', '020 7946 0000']]);
    });

    it('resolves each way of naming, keys that hold dots too, and nothing else', () => {
      const names = ['days', 'DAYS.2.hours', 'days.hours', 'days.1.shift.end', 'contact.phones', 'phones'];
      expect(names.map((n) => resolveName(timesheet, n)?.key)).toEqual([
        'days',
        'days.2.hours',
        'days.hours',
        'days.1.shift.end',
        'contact.phones',
        'contact.phones',
      ]);
      for (const none of ['shift', 'hours', 'days.0.day', 'days.1', 'contact', 'start', 'days.shift.start.x'])
        expect(resolveName(timesheet, none), none).toBeNull();
      const dotted = { components: [{ type: 'number', key: 'ward.beds', label: 'Beds' }] };
      expect(resolveName(dotted, 'Ward.Beds')?.component.key).toBe('ward.beds');
    });

    it('reads nested answers back into their places; the answers of every row cannot be, and say so', async () => {
      const filled = await populateTemplate(await timesheetTemplate(), timesheet, answers);
      const result = await readPrefill(filled, timesheet);
      expect(result.values).toEqual({
        days: [
          { day: 'Mon', shift: { start: '09:00', end: '17:00' }, approved: true },
          { day: 'Tue', shift: { start: '08:00', end: '16:00' }, hours: [{ task: 'Theatre', hrs: 6 }] },
        ],
        contact: { phones: [{ number: '020 7946 0000' }] },
      });
      expect(result.taken.map((t) => t.key)).toContain('days[1].shift.end');
      expect(result.taken.map((t) => t.key)).toContain('days[1].hours[0].hrs');
      expect(result.refused).toEqual([
        {
          cell: 'Timesheet!F2',
          key: 'days.hours',
          reason:
            "days.hours names the answers of every row, which cannot be read back: name one row's, like days.1.hours",
        },
        {
          cell: 'Timesheet!L3',
          key: 'days.day',
          reason:
            "days.day names the answers of every row, which cannot be read back: name one row's, like days.1.day",
        },
      ]);
    });
  });
});
