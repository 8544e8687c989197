import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
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
      { cell: "Ward's beds!E1", key: 'roles', reason: 'Not one of the choices: Nurse, Doctor' },
    ]);
  });
});
