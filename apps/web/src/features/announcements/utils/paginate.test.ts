import { describe, expect, it } from 'vitest';
import { pageCount, pageItems } from './paginate.ts';

describe('announcement pages (§9: 9 per page)', () => {
  const items = Array.from({ length: 20 }, (_, i) => i + 1);
  it('splits 20 titles into pages of 9, 9 and 2', () => {
    expect(pageCount(items.length, 9)).toBe(3);
    expect(pageItems(items, 0, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageItems(items, 1, 9)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(pageItems(items, 2, 9)).toEqual([19, 20]);
  });
  it('has exactly one page for 9 titles and for none', () => {
    expect(pageCount(9, 9)).toBe(1);
    expect(pageCount(0, 9)).toBe(1);
    expect(pageCount(10, 9)).toBe(2);
  });
});
