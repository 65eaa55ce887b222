import { describe, expect, it } from 'vitest';
import { classifyName, DEFAULT_LANE_ORDER, laneOf, orderLanes, type LaneRules } from './lanes.ts';
import { maskCustomerName } from './winners.ts';

const vendor = (
  vassalage: string,
  category: Parameters<typeof laneOf>[0]['category'],
  wallet_mode = 'seamless' as const,
) => ({
  vassalage,
  category,
  wallet_mode,
});

describe('§4 lane reordering', () => {
  it('moves the listed esports and cockfight vendors out of SPORTS, and only those', () => {
    expect(laneOf(vendor('IMES', 'SPORTS'))).toBe('ESPORTS');
    expect(laneOf(vendor('IA', 'SPORTS'))).toBe('ESPORTS');
    expect(laneOf(vendor('SV3', 'SPORTS'))).toBe('COCKFIGHT');
    expect(laneOf(vendor('SABA', 'SPORTS'))).toBe('SPORTS');
    // The lists name vendors of SPORTS: elsewhere the category stands.
    expect(laneOf(vendor('IMES', 'LIVE'))).toBe('LIVE');
  });

  it('moves RNG vendors of the exclusion list, and our own engines, to INHOUSE', () => {
    expect(laneOf(vendor('JL', 'RNG'))).toBe('INHOUSE');
    expect(laneOf(vendor('KHELA_ORIGINALS', 'RNG', 'inhouse' as never))).toBe('INHOUSE');
    expect(laneOf(vendor('DOEL', 'RNG'))).toBe('RNG');
    const rules: LaneRules = { esports: ['XE'], cockfight: [], inhouse: ['DOEL'] };
    expect(laneOf(vendor('DOEL', 'RNG'), rules)).toBe('INHOUSE');
    expect(laneOf(vendor('JL', 'RNG'), rules)).toBe('RNG');
    expect(laneOf(vendor('XE', 'SPORTS'), rules)).toBe('ESPORTS');
    expect(laneOf(vendor('SV3', 'SPORTS'), rules)).toBe('SPORTS');
  });

  it('places the split lanes right after their own, by default and after an operator’s order', () => {
    const order = orderLanes([]);
    expect(order).toEqual(DEFAULT_LANE_ORDER);
    expect(order.indexOf('ESPORTS')).toBe(order.indexOf('SPORTS') + 1);
    expect(order.indexOf('COCKFIGHT')).toBe(order.indexOf('SPORTS') + 2);
    expect(order.indexOf('INHOUSE')).toBe(order.indexOf('RNG') + 1);
    // The operator placed some lanes: they come first, in that order; SPORTS' lanes follow it.
    const placed = orderLanes([
      { title: 'FISH', sort_order: 1 },
      { title: 'SPORTS', sort_order: 2 },
      { title: 'RNG', sort_order: 3 },
    ]);
    expect(placed.slice(0, 6)).toEqual(['FISH', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'RNG', 'INHOUSE']);
    expect(new Set(placed).size).toBe(DEFAULT_LANE_ORDER.length);
    // Placed by the operator, a split lane keeps its place.
    const own = orderLanes([
      { title: 'COCKFIGHT', sort_order: 1 },
      { title: 'SPORTS', sort_order: 2 },
    ]);
    expect(own.slice(0, 3)).toEqual(['COCKFIGHT', 'SPORTS', 'ESPORTS']);
  });
});

describe('classification names', () => {
  it('names a classification in both languages, one that is a category (our own books’) by the category', () => {
    expect(classifyName('BACCARAT', 'bn')).toBe('ব্যাকারাট');
    expect(classifyName('SPORTS', 'bn')).toBe('স্পোর্টস');
    expect(classifyName('SPORTS', 'en')).toBe('Sports');
    expect(classifyName('ELOTT', 'bn')).toBe('ই-লটারি');
    // One nobody has named shows its key, readably.
    expect(classifyName('HI_LO', 'bn')).toBe('Hi lo');
  });
});

describe('winner names on public boards', () => {
  it('keeps two characters at each end around four stars, and only the first of a short name', () => {
    expect(maskCustomerName('player01')).toBe('pl****01');
    expect(maskCustomerName('01712345678')).toBe('01****78');
    expect(maskCustomerName('abcdef')).toBe('ab****ef');
    expect(maskCustomerName('abcde')).toBe('a****');
    expect(maskCustomerName('ab')).toBe('a****');
    expect(maskCustomerName('')).toBe('****');
    expect(maskCustomerName('রহিমউদ্দিন')).toMatch(/^র.\*\*\*\*..$/u);
  });
});
