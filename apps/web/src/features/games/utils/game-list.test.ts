import { describe, expect, it } from 'vitest';
import type { VendorLane } from '@khela/contracts';
import { listFilter, listTabs } from './game-list.ts';

const card = (vassalage: string) =>
  ({ vassalage, displayName: `${vassalage} name`, logoUrl: `/${vassalage}.svg` }) as VendorLane['cards'][number];
const lane = (title: string, ...vendors: string[]) =>
  ({ title, displayName: `${title} lane`, cards: vendors.map(card), gameClassify: [] }) as unknown as VendorLane;

describe('listTabs (§2 vendor tabs of the game list)', () => {
  it('lists all, then the lane vendors in lane order', () => {
    const tabs = listTabs([lane('LIVE', 'PADMA', 'MEGHNA'), lane('RNG', 'DOEL')], 'LIVE');
    expect(tabs.map((t) => t.vassalage)).toEqual([undefined, 'PADMA', 'MEGHNA']);
    expect(tabs[1]).toMatchObject({ name: 'PADMA name', icon: '/PADMA.svg' });
  });

  it('adds the in-house tab on /rng, standing for the INHOUSE lane vendors', () => {
    const tabs = listTabs([lane('RNG', 'DOEL'), lane('INHOUSE', 'JL')], 'RNG');
    expect(tabs.map((t) => t.vassalage)).toEqual([undefined, 'DOEL', 'INHOUSE']);
    expect(tabs[2]!.name).toBe('INHOUSE lane');
    expect(tabs[2]!.members?.has('JL')).toBe(true);
    expect(listTabs([lane('FISH', 'SUNDAR'), lane('INHOUSE', 'JL')], 'FISH').map((t) => t.vassalage)).toEqual([
      undefined,
      'SUNDAR',
    ]);
  });

  it('has only "all" for a category without a lane', () => {
    expect(listTabs([], 'PVP')).toHaveLength(1);
  });

  it('gives mini games (/bgs) the INHOUSE lane vendors as tabs (§1)', () => {
    const tabs = listTabs([lane('RNG', 'DOEL'), lane('INHOUSE', 'JL', 'KHELA')], 'BGS');
    expect(tabs.map((t) => t.vassalage)).toEqual([undefined, 'JL', 'KHELA']);
  });
});

describe('listFilter', () => {
  it('sends only the filters that are set', () => {
    expect(listFilter({ category: 'RNG' })).toEqual({ gameType: 'RNG' });
    expect(listFilter({ category: 'RNG', vassalage: 'INHOUSE', classify: 'SLOT', name: 'tiger' })).toEqual({
      gameType: 'RNG',
      vassalage: 'INHOUSE',
      gameClassify: 'SLOT',
      gameName: 'tiger',
    });
  });
});
