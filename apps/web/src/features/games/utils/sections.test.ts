import { describe, expect, it } from 'vitest';
import { capHomeItems, cardTheme, homeSectionTypes, sectionPath, showSectionArrows } from './sections.ts';

describe('home section rules', () => {
  it('arrows only above 12 items (§2)', () => {
    expect(showSectionArrows(0)).toBe(false);
    expect(showSectionArrows(12)).toBe(false);
    expect(showSectionArrows(13)).toBe(true);
  });
  it('caps at 12 items (§9)', () => {
    expect(capHomeItems(Array.from({ length: 30 }, (_, i) => i))).toHaveLength(12);
    expect(capHomeItems([1, 2])).toEqual([1, 2]);
  });
  it('hides esports and cockfight on home (§2)', () => {
    expect(homeSectionTypes()).toEqual(['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS']);
  });
  it('links to /{type lowercased}', () => {
    expect(sectionPath('PVP')).toBe('/pvp');
  });
  it('cycles 6 card themes by id (§9)', () => {
    expect([0, 1, 5, 6, 13].map(cardTheme)).toEqual([0, 1, 5, 0, 1]);
    expect(cardTheme('abc')).toBe(cardTheme('abc'));
    expect(cardTheme('abc')).toBeLessThan(6);
  });
});
