import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

type Row = Record<string, unknown>;
interface Page {
  list: Row[];
  total: number;
}

/** A row's sort key: a field as text (ISO times, names, case-insensitive) or as a number (amounts, ids). */
export const byText = (field: string) => (row: Row) => String(row[field]).toLowerCase();
export const byNumber = (field: string) => (row: Row) => Number(row[field]);

/**
 * Issue 16 Quality: `path` sorts on the server by `sort`. Ascending, the rows' keys never go down;
 * descending is ascending reversed row for row (ties go by id the same way); a sort the list does
 * not offer is a 400 `request.invalid`. Asks for `minRows` rows at least, so that the order shows.
 */
export async function expectServerSort(
  t: TestApp,
  headers: Record<string, string>,
  path: string,
  sort: string,
  key: (row: Row) => string | number,
  query: Record<string, string | number> = {},
  minRows = 3,
) {
  const listed = async (order: string) => {
    const res = await t.get<Page>(path, { headers, query: { ...query, sort, order, pageSize: 100 } });
    expect(res.status, `${path} ${sort} ${order}: ${JSON.stringify(res.body)}`).toBe(200);
    // One page holds them all, or descending would not be ascending reversed: filter the list down.
    expect(res.body.value.total, `${path}: too many rows to compare`).toBeLessThanOrEqual(100);
    return res.body.value.list;
  };
  const asc = await listed('asc');
  const desc = await listed('desc');
  expect(asc.length, `${path} ${sort}`).toBeGreaterThanOrEqual(minRows);
  const keys = asc.map(key);
  expect(keys, `${path} ${sort} asc`).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  expect(desc, `${path} ${sort} desc`).toEqual([...asc].reverse());
  const bad = await t.get(path, { headers, query: { ...query, sort: 'password_hash' } });
  expect(bad.status, `${path} bad sort`).toBe(400);
  expect(bad.body).toMatchObject({ code: 'request.invalid' });
}
