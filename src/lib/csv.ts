/**
 * CSV as RFC 4180 has it: fields separated by commas, records ended by CRLF, a field quoted
 * when it holds a comma, a quote, CR or LF (quotes inside doubled), and a semicolon or tab. Files start with a UTF-8
 * byte order mark, without which Excel reads UTF-8 as the system code page and Chinese or Korean
 * headers turn into mojibake.
 */
export const CSV_BOM = '\uFEFF';

type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = String(value);
  // A leading = + - @ would make a spreadsheet evaluate the text as a formula (CSV injection):
  // names and pairs come from exchanges and imports, so text fields never start one.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  // Quoted also when it holds a semicolon or a tab: a spreadsheet that splits on those (the
  // default in many European locales) would otherwise start a new cell, and maybe a formula, there.
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, CRLF-terminated. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Parses CSV text back into records (tests and tools): quoted fields, doubled quotes, CRLF or LF
 * record ends, a leading BOM ignored.
 */
export function parseCsv(text: string): string[][] {
  const src = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
    } else field += ch;
    i += 1;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}
