import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, useTestApp } from '../../../test/harness';
import { deflatedPart, lyingBomb, writeZip, zerosDeflated } from '../../../test/support/zip-bombs';

// The register's own downloads are zips (epraccur.zip holds epraccur.csv): the import takes one as it
// comes, measured before it is opened (decision 0032). Real extract: test/test-data/ods/README.md.
const epraccur = readFileSync(new URL('../../../test/test-data/ods/epraccur-extract.csv', import.meta.url));
const IMPORT = '/v1/api/Organisation/Admin/Import';

let admin: Client;
const t = useTestApp();
beforeAll(async () => {
  admin = await t.as('superAdmin');
});

const send = (zip: Buffer) =>
  admin.post(IMPORT, { content: zip.toString('base64'), encoding: 'base64', dryRun: true });

describe('a zipped ODS register file', () => {
  it('is read as the CSV it holds, the same as the CSV sent as it is', async () => {
    const zipped = await send(writeZip([deflatedPart('epraccur.csv', epraccur)]));
    expect(zipped.status).toBe(200);
    const plain = await admin.post(IMPORT, { content: epraccur.toString('utf8'), dryRun: true });
    expect(zipped.body).toEqual(plain.body);
    expect(zipped.body.added).toBe(32);
  });

  it('is refused with 413 when a part would unpack past the limit or lies about its size', async () => {
    const zeros = zerosDeflated(1024);
    const bomb = await send(
      writeZip([{ name: 'epraccur.csv', method: 8, ...zeros, uncompressedSize: zeros.size }]),
    );
    expect(bomb.status).toBe(413);
    expect(bomb.body.code).toBe('file_too_large_unpacked');
    expect(bomb.body.detail).toBe(
      'The part epraccur.csv of the file would be 1024 MB once opened; a part may be at most 12 MB.',
    );
    const lying = await send(lyingBomb(writeZip([deflatedPart('epraccur.csv', epraccur)])));
    expect(lying.status).toBe(413);
  });

  it('says what to send when the zip holds no CSV or several', async () => {
    const none = await send(writeZip([deflatedPart('readme.txt', 'hello')]));
    expect(none.status).toBe(400);
    expect(none.body.errors.content).toEqual([
      'The zip file holds no CSV file: send the register file (a .csv) or the zip the register gives.',
    ]);
    const two = await send(writeZip([deflatedPart('a.csv', 'x'), deflatedPart('b.csv', 'y')]));
    expect(two.body.errors.content).toEqual([
      'The zip file holds 2 CSV files: send one register file at a time.',
    ]);
  });
});
