/** A CSV column: its header and how to read a row's cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | bigint | null | undefined;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. Text that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or CR and not a plain number)
 * gets a leading apostrophe.
 */
export function csvCell(value: string | number | bigint | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of `rows` (header line first, CRLF line ends). */
export function toCsv<T>(columns: CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Downloads `rows` as `filename` (.csv added when missing). A UTF-8 byte-order mark leads the
 * file so spreadsheet programs read Bengali text correctly. Returns the CSV text.
 */
export function exportCsv<T>(filename: string, columns: CsvColumn<T>[], rows: readonly T[]): string {
  const csv = toCsv(columns, rows);
  const name = filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`;
  if (typeof document !== 'undefined' && typeof URL.createObjectURL === 'function') {
    const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return csv;
}

/** The largest page a list call answers (RECORDS_MAX_PAGE_SIZE), and how many an export reads at most. */
export const EXPORT_PAGE_SIZE = 100;
export const EXPORT_MAX_PAGES = 50;

/**
 * Every row of a paged list, for an export of the whole filtered list rather than the page shown:
 * pages of EXPORT_PAGE_SIZE from the first until `total` rows are in (or a page comes back short),
 * at most EXPORT_MAX_PAGES pages.
 */
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
