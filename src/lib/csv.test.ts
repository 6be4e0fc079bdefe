import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvRecord, parseCsv } from './csv.ts';

describe('csv writer', () => {
  it('leaves plain fields alone and ends records with CRLF', () => {
    expect(csvRecord(['Bitcoin', 'BTC', 1, 43521.5])).toBe('Bitcoin,BTC,1,43521.5\r\n');
  });

  it('quotes fields holding commas, quotes, CR or LF, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('line1\r\nline2')).toBe('"line1\r\nline2"');
  });

  it('writes empty fields for missing values and non-finite numbers', () => {
    expect(csvRecord([null, undefined, Number.NaN, Infinity, 0])).toBe(',,,,0\r\n');
  });

  it('keeps CJK and Hangul text as it is (the BOM tells Excel it is UTF-8)', () => {
    expect(csvRecord(['比特币', '市值 (美元)', '비트코인'])).toBe('比特币,市值 (美元),비트코인\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    // Where the spreadsheet splits on semicolons or tabs, the formula after one stays inside the quoted cell.
    expect(csvField('note;=1+1')).toBe('"note;=1+1"');
    expect(csvField('note\t@SUM(A1)')).toBe('"note\t@SUM(A1)"');
    expect(parseCsv(csvRecord(['a;=1+1', 'b']))).toEqual([['a;=1+1', 'b']]);
  });

  it('round-trips through the parser', () => {
    const rows = [
      ['名称', 'Price (USD)', 'note'],
      ['比特币', '43521.5', 'a "quoted", multi\nline field'],
      ['', '', ''],
      ['x', '1e-7', 'last'],
    ];
    const text = CSV_BOM + rows.map((r) => csvRecord(r)).join('');
    expect(parseCsv(text)).toEqual(rows);
    expect(parseCsv('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
