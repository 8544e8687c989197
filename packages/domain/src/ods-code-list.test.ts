import { describe, expect, it } from 'vitest';
import { parseOdsCodes } from './ods-code-list';

describe('parseOdsCodes', () => {
  it('reads one code per line, upper-cased, without repeats', () => {
    expect(parseOdsCodes('rr8\nRCB\r\n\n  RWA \nRR8\n')).toEqual(['RR8', 'RCB', 'RWA']);
  });

  it('reads codes separated by commas or spaces on one line', () => {
    expect(parseOdsCodes('RR8, RCB;RWA  B82005')).toEqual(['RR8', 'RCB', 'RWA', 'B82005']);
  });

  it('takes the code column of a CSV with a header', () => {
    const csv = 'Name,ODS code,Region\n"Leeds Teaching Hospitals",RR8,Y63\nYork Hospital,rcb,Y63\n';
    expect(parseOdsCodes(csv)).toEqual(['RR8', 'RCB']);
  });

  it('takes the first column of a CSV without a header', () => {
    expect(parseOdsCodes('RR8,Leeds\nRCB,York\n')).toEqual(['RR8', 'RCB']);
  });

  it('skips the header of a one-column file', () => {
    expect(parseOdsCodes('ODS code\nRR8\nRCB')).toEqual(['RR8', 'RCB']);
  });

  it('gives nothing for empty text', () => {
    expect(parseOdsCodes(' \n \n')).toEqual([]);
  });
});
