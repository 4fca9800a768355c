import { describe, expect, it } from 'vitest';
import { formatCsv, formatCsvField, parseCsv, parseCsvObjects } from './csv.js';

describe('parseCsv (RFC 4180)', () => {
  it('parses quoted fields with commas, escaped quotes and newlines', () => {
    const text = 'id,text\r\n1,"a, b"\r\n2,"say ""hi""\nsecond line"\n3,plain\n';
    expect(parseCsv(text)).toEqual([
      ['id', 'text'],
      ['1', 'a, b'],
      ['2', 'say "hi"\nsecond line'],
      ['3', 'plain'],
    ]);
  });

  it('handles BOM, empty fields, no trailing newline', () => {
    expect(parseCsv('\ufeffa,b\n,\n"",x')).toEqual([['a', 'b'], ['', ''], ['', 'x']]);
  });

  it('throws on unterminated quotes and garbage after a closing quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(/unterminated/);
    expect(() => parseCsv('"a"b\n')).toThrow(/after closing quote/);
  });

  it('maps rows to objects and checks field counts', () => {
    expect(parseCsvObjects('id,text\n1,x\n\n2,y\n')).toEqual([{ id: '1', text: 'x' }, { id: '2', text: 'y' }]);
    expect(() => parseCsvObjects('id,text\n1\n')).toThrow(/1 fields/);
    expect(() => parseCsvObjects('')).toThrow(/empty/);
  });

  it('round-trips through formatCsv', () => {
    const rows = [['id', 'label'], ['a,1', 'he said "x"'], ['2', 'multi\nline']];
    expect(parseCsv(formatCsv(rows))).toEqual(rows);
    expect(formatCsvField('plain')).toBe('plain');
  });
});
