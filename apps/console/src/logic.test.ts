import { describe, expect, it } from 'vitest';
import { IDLE_SIGN_OUT_MS, IDLE_WARN_MS, idleState } from './idle.ts';
import { linePoints, pathOf } from './chart.ts';
import { actionsFor, arrivedSince, matchesSearch } from './queue.ts';
import { allowedSections, engagementTabs, sectionFor } from './sections.ts';
import { bn } from './locales/bn.ts';
import { en } from './locales/en.ts';

describe('idle time-out', () => {
  it('warns, counts down, then signs out before the server would', () => {
    expect(idleState(0, IDLE_WARN_MS - 1)).toEqual({ kind: 'active' });
    expect(idleState(0, IDLE_WARN_MS)).toEqual({
      kind: 'warning',
      secondsLeft: (IDLE_SIGN_OUT_MS - IDLE_WARN_MS) / 1000,
    });
    expect(idleState(0, IDLE_SIGN_OUT_MS - 1500)).toEqual({ kind: 'warning', secondsLeft: 2 });
    expect(idleState(0, IDLE_SIGN_OUT_MS)).toEqual({ kind: 'expired' });
    expect(IDLE_SIGN_OUT_MS).toBeLessThan(30 * 60_000);
  });
});

describe('sections by permission', () => {
  it('shows only what the role may use, and falls back to the first allowed', () => {
    // "My security" (one's own two-factor) is every operator's.
    expect(allowedSections(['cashier', 'feedback']).map((s) => s.id)).toEqual([
      'cashier',
      'books',
      'agents',
      'engagement',
      'security',
    ]);
    // A section opened by any one of several permissions.
    expect(allowedSections(['inbox']).map((s) => s.id)).toEqual(['engagement', 'security']);
    expect(allowedSections(['banners']).map((s) => s.id)).toEqual(['content', 'security']);
    expect(allowedSections(['feedback']).map((s) => s.id)).toEqual(['security']);
    expect(allowedSections(['operators', 'auditLog']).map((s) => s.id)).toEqual(['operators', 'audit', 'security']);
    const all = allowedSections(['dashboard', 'cashier']);
    expect(sectionFor('/console/cashier/', all)?.id).toBe('cashier');
    expect(sectionFor('/console', all)?.id).toBe('dashboard');
    expect(sectionFor('/console/cashier', allowedSections(['dashboard']))?.id).toBe('dashboard');
    expect(sectionFor('/console/', [])).toBeNull();
  });
});

describe('engagement tabs by permission', () => {
  it('shows a tab only to a role whose permission its calls need (the server refuses the rest with 403)', () => {
    // The content role has `inbox` and not `cashier`: inbox messages only, none of the tabs that pay.
    expect(engagementTabs(['banners', 'games', 'inbox'])).toEqual(['broadcasts']);
    expect(engagementTabs(['cashier'])).toEqual([
      'redemptions',
      'pointGoods',
      'pointSettings',
      'promotions',
      'applications',
      'missions',
      'redEnvelopes',
      'raffles',
    ]);
    // Support (feedback, members) has neither: the section itself is not shown.
    expect(engagementTabs(['feedback', 'members'])).toEqual([]);
    expect(allowedSections(['feedback', 'members']).map((s) => s.id)).not.toContain('engagement');
  });
});

describe('cashier queue', () => {
  const row = { id: 42, memberId: 7, username: 'Player01', referenceNumber: 'TX99' };
  it('searches by id, member id, name and reference', () => {
    expect(matchesSearch(row, '#42')).toBe(true);
    expect(matchesSearch(row, '7')).toBe(true);
    expect(matchesSearch(row, 'player')).toBe(true);
    expect(matchesSearch(row, 'tx9')).toBe(true);
    expect(matchesSearch(row, '4')).toBe(false);
    expect(matchesSearch(row, '  ')).toBe(true);
  });
  it('counts requests newer than the newest seen', () => {
    expect(arrivedSince([{ id: 1 }, { id: 5 }, { id: 6 }], 4)).toBe(2);
    expect(arrivedSince([{ id: 1 }], null)).toBe(0);
  });
  it('offers only the steps the state allows', () => {
    expect(actionsFor({ kind: 'deposits', status: 'pending' })).toEqual(['approve', 'reject']);
    expect(actionsFor({ kind: 'deposits', status: 'approved' })).toEqual([]);
    expect(actionsFor({ kind: 'withdrawals', status: 'approved' })).toEqual(['pay', 'fail', 'reject']);
    expect(actionsFor({ kind: 'withdrawals', status: 'paid' })).toEqual([]);
  });
});

describe('chart', () => {
  it('scales values into the box with the zero line', () => {
    const { points, zeroY } = linePoints([0, 10, -10], 100, 50, 0);
    expect(points).toEqual([
      { x: 0, y: 25 },
      { x: 50, y: 0 },
      { x: 100, y: 50 },
    ]);
    expect(zeroY).toBe(25);
    expect(pathOf(points)).toBe('M0.0 25.0 L50.0 0.0 L100.0 50.0');
    expect(linePoints([5], 100, 50, 0).points).toEqual([{ x: 0, y: 0 }]);
  });
});

describe('locales', () => {
  it('has every message in Bengali, with the same placeholders', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(bn[key], key).toBeTruthy();
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(bn[key]), key).toEqual(names(en[key]));
    }
  });
});
