import { describe, expect, it } from 'vitest';
import type { VendorCard } from '@khela/contracts';
import { vendorLayout, vendorTarget } from './game-centre.ts';

const card = (extra: Partial<VendorCard> = {}): VendorCard => ({
  vassalage: 'SHOBUJ',
  displayName: 'Shobuj Sports',
  category: 'SPORTS',
  gameType: 'SPORTS',
  logoUrl: '/games/vendors/shobuj.svg',
  lagerIcon: '/games/vendors/shobuj.svg',
  gameCode: 'shobuj-sportsbook',
  nodeId: 140,
  isGame: 'GAME',
  status: 'on',
  walletMode: 'seamless',
  supportsTrial: false,
  gameCount: 4,
  ...extra,
});

describe('vendorLayout (§2: over 10 vendors, the large layout)', () => {
  it('switches above 10 vendors', () => {
    expect(vendorLayout(1)).toBe('regular');
    expect(vendorLayout(10)).toBe('regular');
    expect(vendorLayout(11)).toBe('large');
  });
});

describe('vendorTarget', () => {
  it('launches the card game with its vendor, category and status', () => {
    expect(vendorTarget(card({ status: 'maintenance' }))).toEqual({
      gameCode: 'shobuj-sportsbook',
      vassalage: 'SHOBUJ',
      nodeId: 140,
      gameType: 'SPORTS',
      isGame: 'GAME',
      status: 'maintenance',
      name: 'Shobuj Sports',
    });
  });

  it('has nothing to launch for a card without a game', () => {
    expect(vendorTarget(card({ gameCode: null }))).toBeNull();
  });
});
