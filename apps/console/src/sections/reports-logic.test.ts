import { describe, expect, it } from 'vitest';
import { allPages, csvCell, EXPORT_PAGE_SIZE, toCsv } from './reports-logic.ts';

describe('report CSV', () => {
  it('quotes separators and defuses formulas, but keeps negative amounts as numbers', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(toCsv([{ header: 'Day', value: (r: { d: string }) => r.d }], [{ d: '2019-03-01' }])).toBe(
      'Day\r\n2019-03-01\r\n',
    );
  });

  it('reads every page until the total is in', async () => {
    const total = EXPORT_PAGE_SIZE * 2 + 5;
    const asked: number[] = [];
    const rows = await allPages(async (pageNo, pageSize) => {
      asked.push(pageNo);
      const start = (pageNo - 1) * pageSize;
      return {
        list: Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => start + i),
        total,
      };
    });
    expect(rows).toHaveLength(total);
    expect(asked).toEqual([1, 2, 3]);
  });
});
