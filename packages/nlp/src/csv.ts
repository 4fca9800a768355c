/**
 * Minimal RFC 4180 CSV reader and writer (no dependencies).
 *
 * - Fields are separated by `,`, records by CRLF or LF (a lone CR inside a quoted field is kept).
 * - A field may be wrapped in double quotes; inside it `""` is a literal quote and commas,
 *   CR and LF are data (multi-line fields).
 * - A UTF-8 byte-order mark at the start is ignored. A trailing newline does not create a record.
 */

/**
 * Parse CSV text into records (arrays of string fields).
 * Errors: throws `Error('CSV: unterminated quoted field at record N')` when a quote is never closed,
 * and `Error('CSV: unexpected character after closing quote …')` for `"a"b`.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStarted = false; // true once the current record has any content
  while (i < n) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        const next = text[i];
        if (i < n && next !== ',' && next !== '\n' && next !== '\r') {
          throw new Error(`CSV: unexpected character after closing quote at record ${rows.length + 1}`);
        }
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      inQuotes = true;
      fieldStarted = true;
      i++;
      continue;
    }
    if (c === ',') {
      row.push(field);
      field = '';
      fieldStarted = true;
      i++;
      continue;
    }
    if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
      continue;
    }
    field += c;
    fieldStarted = true;
    i++;
  }
  if (inQuotes) throw new Error(`CSV: unterminated quoted field at record ${rows.length + 1}`);
  if (fieldStarted || field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * Parse CSV with a header row into objects keyed by the header names.
 * Errors: throws when the text is empty or when a record has a different number of fields than the
 * header (`Error('CSV: record N has X fields, header has Y')`).
 */
export function parseCsvObjects(text: string): Record<string, string>[] {
  const rows = parseCsv(text);
  if (rows.length === 0) throw new Error('CSV: empty input (no header)');
  const header = rows[0];
  const out: Record<string, string>[] = [];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    if (row.length === 1 && row[0] === '') continue; // blank line
    if (row.length !== header.length) {
      throw new Error(`CSV: record ${r + 1} has ${row.length} fields, header has ${header.length}`);
    }
    const obj: Record<string, string> = {};
    for (let k = 0; k < header.length; k++) obj[header[k]] = row[k];
    out.push(obj);
  }
  return out;
}

/** Quote one field when it contains a comma, quote, CR or LF (RFC 4180). */
export function formatCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Serialise records to CSV text with LF line endings and a trailing newline. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(formatCsvField).join(',')).join('\n') + '\n';
}
