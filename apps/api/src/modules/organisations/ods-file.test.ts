import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ODS_TRUSTS_CSV } from '../../db/seed';
import { decodeOdsFile, OdsFileError, readOdsFile } from './ods-file';

// Real public extracts: apps/api/test/test-data/ods/README.md says where each comes from.
const testData = (name: string) =>
  readFileSync(new URL(`../../../test/test-data/ods/${name}`, import.meta.url), 'utf8');
const epraccur = testData('epraccur-extract.csv');
const headered = testData('gp-practices-headered.csv');
const etr = readFileSync(ODS_TRUSTS_CSV, 'utf8');

const refusalOf = (text: string) => {
  try {
    readOdsFile(text);
  } catch (error) {
    if (error instanceof OdsFileError) return error.message;
    throw error;
  }
  return undefined;
};

describe('readOdsFile on real ODS extracts', () => {
  it('reads epraccur (no header, 27 quoted columns): statuses, dates, types by prescribing setting, region, ICB, parent', () => {
    const file = readOdsFile(epraccur);
    expect(file.layout.id).toBe('epraccur');
    expect(file.refused).toEqual([]);
    expect(file.records).toHaveLength(32);
    const byCode = new Map(file.records.map((r) => [r.code, r]));
    expect(byCode.get('A81001')).toEqual({
      line: 1,
      code: 'A81001',
      name: 'THE DENSHAM SURGERY',
      regionCode: 'Y63',
      icbCode: 'Q74',
      parentCode: '00K',
      type: 'RO76',
      status: 'active',
      openDate: '1974-04-01',
      closureDate: null,
      addressLines: ['THE HEALTH CENTRE', 'LAWSON STREET', 'STOCKTON-ON-TEES', 'CLEVELAND'],
      postcode: 'TS18 1HU',
    });
    expect(byCode.get('A81003')).toMatchObject({ status: 'closed', closureDate: '2017-10-31' });
    expect(byCode.get('Y05702')).toMatchObject({ status: 'dormant', closureDate: null, type: 'RO177' });
    expect(byCode.get('Y06550')).toMatchObject({ status: 'proposed', openDate: '2020-01-01' });
    // Prescribing setting 4 is a GP practice wherever the code is; anything else another prescribing centre.
    expect(byCode.get('Y05665')?.type).toBe('RO76');
    expect(byCode.get('Y05640')?.type).toBe('RO177');
    expect(byCode.get('A81012')?.addressLines).toContain('7 TRINITY MEWS,N. ORMESBY');
    const statuses = file.records.reduce<Record<string, number>>((n, r) => {
      n[r.status ?? 'none'] = (n[r.status ?? 'none'] ?? 0) + 1;
      return n;
    }, {});
    expect(statuses).toEqual({ active: 23, closed: 6, dormant: 1, proposed: 2 });
  });

  it('reads a headered practice file by its column names: telephone never becomes a postcode', () => {
    const file = readOdsFile(headered);
    expect(file.layout.id).toBe('headered');
    expect(file.layout.name).toBe(
      'CSV with a header row (columns read: OrganisationCode, Name, AddressLine1, AddressLine2, AddressLine3, AddressLine4, AddressLine5, Postcode, StatusCode, Provider, PrescribingSetting)',
    );
    expect(file.refused).toEqual([]);
    expect(file.records).toHaveLength(28);
    expect(file.records.some((r) => r.name === 'Name' || r.code === 'ORGANISATIONCODE')).toBe(false);
    const first = file.records[0]!;
    expect(first).toMatchObject({
      line: 2,
      code: 'A81001',
      postcode: 'TS18 1HU',
      status: 'active',
      parentCode: '00K',
      type: 'RO76',
      addressLines: ['THE HEALTH CENTRE', 'LAWSON STREET', 'STOCKTON-ON-TEES', 'CLEVELAND'],
    });
    expect(file.records.find((r) => r.code === 'A81003')?.status).toBe('dormant');
    expect(file.records.find((r) => r.code === 'A81069')?.status).toBe('closed');
    expect(file.records.filter((r) => r.status === 'closed' || r.status === 'dormant')).toHaveLength(8);
  });

  it('reads the NHS trusts extract (etr, no header, 24 columns)', () => {
    const file = readOdsFile(etr);
    expect(file.layout.id).toBe('etr');
    expect(file.refused).toEqual([]);
    expect(file.records).toHaveLength(241);
    expect(file.records.every((r) => r.type === 'RO197' && r.status === null)).toBe(true);
    // The extract's last two trusts (R0A, R0B) have a postcode and no dates.
    expect(file.records.filter((r) => !r.openDate).map((r) => r.code)).toEqual(['R0A', 'R0B']);
    expect(file.records.find((r) => r.code === 'RJ1')).toMatchObject({
      name: "GUY'S AND ST THOMAS' NHS FOUNDATION TRUST",
      regionCode: 'Y56',
      postcode: 'SE1 9RT',
    });
  });

  it('recognises trust sites and commissioners by their codes', () => {
    const row = (code: string, name: string) =>
      `${code},${name},Y56,QMJ,1 ROAD,,,LONDON,,N1 1AA,20200401,,,,,,,,,,,0,,H`;
    const sites = readOdsFile([row('RJ101', 'ST THOMAS HOSPITAL'), row('RJ122', 'GUYS HOSPITAL')].join('\n'));
    expect(sites.layout.id).toBe('ets');
    expect(sites.records.map((r) => [r.type, r.parentCode])).toEqual([
      ['RO198', 'RJ1'],
      ['RO198', 'RJ1'],
    ]);
    const commissioners = readOdsFile(
      [row('QMJ', 'NHS NORTH CENTRAL LONDON ICB'), row('93C', 'NCL SUB ICB')].join('\n'),
    );
    expect(commissioners.layout.id).toBe('eccg');
    expect(commissioners.records.map((r) => r.type)).toEqual(['RO261', 'RO98']);
  });

  it("accepts register names as the register has them: a practice named 'T2'", () => {
    const row = epraccur.split('\n')[0]!.replace('"THE DENSHAM SURGERY"', '"T2"');
    expect(readOdsFile(row).records[0]).toMatchObject({ code: 'A81001', name: 'T2' });
    expect(readOdsFile(`Organisation Code,Name\nA81001,T2`).records[0]?.name).toBe('T2');
  });
});

describe('readOdsFile on hostile files', () => {
  it('refuses a file whose layout it cannot recognise, listing what it expects', () => {
    const message = refusalOf('id,colour,size\n1,red,large\n2,blue,small\n');
    expect(message).toContain("The file's layout is not recognised. Expected one of:");
    for (const expected of [
      'epraccur.csv',
      'etr.csv',
      'ets.csv',
      'eccg.csv',
      "'Organisation Code'",
      "'Name'",
    ]) {
      expect(message).toContain(expected);
    }
    // Another ODS layout (dental practices: no prescribing setting) is not taken for epraccur.
    expect(refusalOf(epraccur.replace(/,"\d{1,2}",""/g, ',"",""'))).toContain('not recognised');
  });

  it('refuses binary content, NUL bytes and an empty file', () => {
    expect(refusalOf('A81001,\u0000\u0000\u0000,Y63\n')).toContain('not a CSV text file');
    const png = decodeOdsFile(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 0, 0]),
    );
    expect(refusalOf(png)).toContain('not a CSV text file');
    expect(refusalOf('')).toBe('The file is empty.');
    expect(refusalOf('\r\n\r\n  \n')).toBe('The file is empty.');
    expect(refusalOf('Organisation Code,Name\n')).toBe('The file has a header row and no organisations.');
  });

  it('refuses a broken quote with the line it is on', () => {
    const message = refusalOf(`${epraccur}"A99999,UNCLOSED,Y63\n`);
    expect(message).toMatch(/^The file is not valid CSV: .*line 33/);
  });

  it('reads a byte order mark, CRLF and CR line endings, and Windows-1252 text', () => {
    const crlf = `\uFEFF${epraccur.replaceAll('\n', '\r\n')}`;
    expect(readOdsFile(crlf).records).toHaveLength(32);
    expect(readOdsFile(epraccur.replaceAll('\n', '\r')).records).toHaveLength(32);
    const latin = decodeOdsFile(new Uint8Array([...Buffer.from('Organisation Code,Name\nA81001,CAF'), 0xc9]));
    expect(readOdsFile(latin).records[0]?.name).toBe('CAFÉ');
  });

  it('skips a header row put on a headerless layout, and says so', () => {
    const header =
      'Organisation Code,Name,National Grouping,High Level Health Geography,Address Line 1,Address Line 2,' +
      'Address Line 3,Address Line 4,Address Line 5,Postcode,Open Date,Close Date,Status Code,' +
      'Organisation Sub-Type Code,Commissioner,Join Provider/Purchaser Date,Left Provider/Purchaser Date,' +
      'Contact Telephone Number,Null,Null,Null,Amended Record Indicator,Null,Provider/Purchaser,Null,' +
      'Prescribing Setting,Null';
    // Mapped by name, the header row gives the same records as the documented positions.
    const named = readOdsFile(`${header}\n${epraccur}`);
    expect(named.layout.id).toBe('headered');
    expect(named.records.map((r) => ({ ...r, line: r.line - 1 }))).toEqual(readOdsFile(epraccur).records);
    // A header this service cannot read, on a headerless file: the layout wins and the line is refused.
    const junk = readOdsFile(`PRACTICE,SURGERY,AREA,,,,,,,,,,,,,,,,,,,,,,,,\n${epraccur}`);
    expect(junk.layout.id).toBe('epraccur');
    expect(junk.refused).toEqual([
      {
        line: 1,
        code: 'PRACTICE',
        reason: "The code 'PRACTICE' is not a letter and five digits, e.g. A81001",
      },
    ]);
  });

  it('refuses each bad line with its number and reason, and keeps the rest', () => {
    const lines = epraccur.trimEnd().split('\n');
    const bad = [
      lines[0]!.replace('"19740401"', '"19740230"'), // 30 February
      lines[1]!.replace('"A","B"', '"X","B"'), // status
      lines[2]!.replace('"TS26 8DB"', '"01642 672351"'), // a telephone number as the postcode
      `${lines[3]},"EXTRA"`, // 28 columns
      lines[4]!.split(',').slice(0, 20).join(','), // 20 columns
      lines[5]!.replace('"TENNANT STREET MEDICAL PRACTICE"', '""'), // no name
      lines[6]!.replace('"A81007"', '"A8100"'), // code
      lines[12]!, // A81014 here, and again on line 13
      lines[8]!.replace('"19740401",""', '"19740401","19700101"'), // closes before it opens
      lines[9]!.replace('"4",""', '"four",""'), // prescribing setting
      lines[10]!.replace('"WESTBOURNE MEDICAL CENTRE"', `"${'W'.repeat(251)}"`),
    ];
    const file = readOdsFile([...bad, ...lines.slice(11)].join('\n'));
    expect(file.layout.id).toBe('epraccur');
    expect(file.refused).toEqual([
      { line: 1, code: 'A81001', reason: "The open date '19740230' is not a date (yyyymmdd)" },
      {
        line: 2,
        code: 'A81002',
        reason: "The status 'X' is not A, C, D or P (active, closed, dormant, proposed)",
      },
      { line: 3, code: 'A81003', reason: "The postcode '01642 672351' is not a postcode" },
      { line: 4, code: 'A81004', reason: 'The line has 28 columns; the epraccur layout has 26 to 27' },
      { line: 5, code: 'A81005', reason: 'The line has 20 columns; the epraccur layout has 26 to 27' },
      { line: 6, code: 'A81006', reason: 'The name is missing' },
      { line: 7, code: 'A8100', reason: "The code 'A8100' is not a letter and five digits, e.g. A81001" },
      { line: 9, code: 'A81009', reason: 'The close date is before the open date' },
      { line: 10, code: 'A81011', reason: "The prescribing setting 'four' is not a number from 0 to 99" },
      { line: 11, code: 'A81012', reason: 'The name is longer than 250 characters' },
      { line: 13, code: 'A81014', reason: 'The same code is on line 8' },
    ]);
    expect(file.records).toHaveLength(21);
  });

  it('numbers lines as an editor does when a quoted field spans lines', () => {
    const file = readOdsFile(
      `Organisation Code,Name,Postcode\nA81001,"THE DENSHAM\nSURGERY",TS18 1HU\nA81002,X,bad\n`,
    );
    expect(file.records[0]).toMatchObject({ line: 2, name: 'THE DENSHAM SURGERY' });
    expect(file.refused).toEqual([
      { line: 4, code: 'A81002', reason: "The postcode 'BAD' is not a postcode" },
    ]);
  });

  it('reads a 30,000-row file, and one over-long line is a clear refusal of the file', () => {
    const row = epraccur.split('\n')[0]!;
    const big = Array.from({ length: 30_000 }, (_, i) =>
      row.replace('"A81001"', `"Z${String(i).padStart(5, '0')}"`),
    ).join('\n');
    const file = readOdsFile(big);
    expect(file.records).toHaveLength(30_000);
    expect(file.refused).toEqual([]);
    expect(refusalOf(`${row}\n"A81002","${'X'.repeat(200_000)}"\n`)).toMatch(/^The file is not valid CSV/);
  });

  it('never fails but with a clear refusal, whatever the bytes (generated input)', () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        'A81001',
        'RJ1',
        '"',
        '""',
        ',',
        '\r\n',
        '\n',
        '\u0000',
        '\uFEFF',
        '20240101',
        'A',
        'C',
      ),
    );
    const csv = fc
      .array(fc.array(cell, { minLength: 1, maxLength: 30 }), { minLength: 0, maxLength: 40 })
      .map((rows) => rows.map((r) => r.join(',')).join('\n'));
    fc.assert(
      fc.property(csv, (text) => {
        try {
          const file = readOdsFile(text);
          for (const r of file.refused) expect(r.reason.length).toBeGreaterThan(0);
          for (const r of file.records) expect(r.name.length).toBeGreaterThan(0);
        } catch (error) {
          expect(error).toBeInstanceOf(OdsFileError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
