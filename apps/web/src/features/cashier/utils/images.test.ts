import { describe, expect, it } from 'vitest';
import { checkImages } from './images.ts';

describe('checkImages', () => {
  it('accepts png and jpg up to 5 MB, three at most', () => {
    expect(checkImages([{ type: 'image/png', size: 5 * 1024 * 1024 }], 2)).toBeNull();
    expect(checkImages([{ type: 'image/jpeg', size: 10 }], 0)).toBeNull();
  });
  it('refuses other types, larger files and a fourth image', () => {
    expect(checkImages([{ type: 'image/gif', size: 10 }], 0)).toBe('type');
    expect(checkImages([{ type: 'image/png', size: 5 * 1024 * 1024 + 1 }], 0)).toBe('size');
    expect(checkImages([{ type: 'image/png', size: 1 }], 3)).toBe('count');
  });
});
