/** A CSV column: its header and how to read a row's cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break; text a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR, and not a plain number) gets a leading apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of `rows` (header line first, CRLF line ends). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The largest page the report calls answer, and how many pages an export reads at most. */
export const EXPORT_PAGE_SIZE = 100;
export const EXPORT_MAX_PAGES = 100;

/** Every row of a server-paged report (not just the page shown), up to EXPORT_MAX_PAGES pages. */
export async function allPages<T>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<{ list: readonly T[]; total: number }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let pageNo = 1; pageNo <= EXPORT_MAX_PAGES; pageNo += 1) {
    const page = await fetchPage(pageNo, EXPORT_PAGE_SIZE);
    rows.push(...page.list);
    if (rows.length >= page.total || page.list.length < EXPORT_PAGE_SIZE) break;
  }
  return rows;
}

/** Downloads `csv` as `filename`; a UTF-8 byte-order mark lets spreadsheets read Bengali text. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
