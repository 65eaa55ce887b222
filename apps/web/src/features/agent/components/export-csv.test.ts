import { describe, expect, it } from 'vitest';
import { allPages, csvCell, EXPORT_MAX_PAGES, EXPORT_PAGE_SIZE, toCsv } from './export-csv.ts';

describe('CSV export', () => {
  it('writes a header line and one line per row with CRLF ends', () => {
    const rows = [
      { name: 'rahim', amount: '1250.50' },
      { name: 'করিম', amount: '-3.00' },
    ];
    const csv = toCsv(
      [
        { header: 'Member', value: (r: (typeof rows)[number]) => r.name },
        { header: 'Amount', value: (r: (typeof rows)[number]) => r.amount },
      ],
      rows,
    );
    expect(csv).toBe('Member,Amount\r\nrahim,1250.50\r\nকরিম,-3.00\r\n');
  });
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12n)).toBe('12');
  });
  it('defuses spreadsheet formulas but keeps negative numbers', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('+1,2')).toBe('"\'+1,2"');
  });
});

describe('exporting the whole list', () => {
  const source = (total: number) => {
    const asked: number[] = [];
    const fetchPage = async (pageNo: number, pageSize: number) => {
      asked.push(pageNo);
      const start = (pageNo - 1) * pageSize;
      const list = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => start + i);
      return { list, total };
    };
    return { asked, fetchPage };
  };

  it('reads every page of the largest size until the total is in', async () => {
    const { asked, fetchPage } = source(EXPORT_PAGE_SIZE * 2 + 5);
    const rows = await allPages(fetchPage);
    expect(rows).toHaveLength(EXPORT_PAGE_SIZE * 2 + 5);
    expect(rows.at(-1)).toBe(EXPORT_PAGE_SIZE * 2 + 4);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at a short page, and at the page cap', async () => {
    const short = source(3);
    expect(await allPages(short.fetchPage)).toEqual([0, 1, 2]);
    expect(short.asked).toEqual([1]);
    const huge = source(EXPORT_PAGE_SIZE * (EXPORT_MAX_PAGES + 10));
    expect(await allPages(huge.fetchPage)).toHaveLength(EXPORT_PAGE_SIZE * EXPORT_MAX_PAGES);
    expect(huge.asked).toHaveLength(EXPORT_MAX_PAGES);
  });
});
