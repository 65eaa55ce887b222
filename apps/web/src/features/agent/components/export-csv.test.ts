import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './export-csv.ts';

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
