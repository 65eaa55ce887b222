import { describe, expect, it } from 'vitest';
import { buildNavigation, isActive, isGamePage, reorderLanes, type VendorLane } from './build-navigation.ts';

const card = (vassalage: string) => ({ vassalage, displayName: `${vassalage} name`, gameType: 'X' });
const lane = (title: string, ...vendors: string[]): VendorLane => ({ title, cards: vendors.map(card) });
const keys = (lanes: VendorLane[]) => buildNavigation(lanes).map((item) => item.key);

describe('buildNavigation (§2, §4)', () => {
  it('shows only Home and Promotions when there are no lanes', () => {
    expect(keys([])).toEqual(['HOME', 'PROMOTIONS']);
    const [home, promotions] = buildNavigation([]);
    expect(home!.to).toEqual({ pathname: '/', search: '' });
    expect(promotions!.to).toEqual({ pathname: '/promotions', search: '' });
  });

  it('keeps Home first and Promotions last, categories in lane order between', () => {
    expect(keys([lane('LIVE', 'EVO'), lane('RNG', 'PG'), lane('FISH', 'JDB'), lane('PVP', 'KM')])).toEqual([
      'HOME',
      'LIVE',
      'RNG',
      'FISH',
      'PVP',
      'PROMOTIONS',
    ]);
    expect(keys([lane('PVP', 'KM'), lane('LIVE', 'EVO')])).toEqual(['HOME', 'PVP', 'LIVE', 'PROMOTIONS']);
  });

  it('hides categories without a vendor', () => {
    expect(keys([lane('LIVE'), lane('RNG', 'PG'), lane('SPORTS')])).toEqual(['HOME', 'RNG', 'PROMOTIONS']);
  });

  it('leaves out lanes the site has no page for, and lists a category once', () => {
    expect(keys([lane('WHATEVER', 'A'), lane('rng', 'PG'), lane('RNG', 'JILI')])).toEqual([
      'HOME',
      'RNG',
      'PROMOTIONS',
    ]);
  });

  it('links categories to /{type lowercased} and vendors to their filtered page', () => {
    const [, live, rng, sports] = buildNavigation([lane('LIVE', 'EVO'), lane('RNG', 'PG'), lane('SPORTS', 'SABA')]);
    expect(live!.to).toEqual({ pathname: '/live', search: '' });
    expect(rng!.vendors[0]).toMatchObject({
      vassalage: 'PG',
      name: 'PG name',
      to: { pathname: '/rng', search: '?vassalage=PG' },
      opensList: true,
    });
    expect(sports!.vendors[0]).toMatchObject({
      to: { pathname: '/sports', search: '?vassalage=SABA' },
      opensList: false,
    });
  });

  it('splits esports and cockfight out of SPORTS into lanes right after it', () => {
    const items = buildNavigation([
      lane('LIVE', 'EVO'),
      lane('SPORTS', 'SABA', 'IMES', 'SV3', 'TF'),
      lane('RNG', 'PG'),
    ]);
    expect(items.map((item) => item.key)).toEqual([
      'HOME',
      'LIVE',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'RNG',
      'PROMOTIONS',
    ]);
    const byKey = Object.fromEntries(items.map((item) => [item.key, item.vendors.map((v) => v.vassalage)]));
    expect(byKey.SPORTS).toEqual(['SABA']);
    expect(byKey.ESPORTS).toEqual(['IMES', 'TF']);
    expect(byKey.COCKFIGHT).toEqual(['SV3']);
    expect(items.find((item) => item.key === 'ESPORTS')!.to.pathname).toBe('/esports');
  });

  it('hides SPORTS when all its vendors were moved out', () => {
    expect(keys([lane('SPORTS', 'IMES', 'SV3')])).toEqual(['HOME', 'ESPORTS', 'COCKFIGHT', 'PROMOTIONS']);
  });

  it('moves excluded RNG vendors to INHOUSE after RNG, opening the RNG list filtered to JL', () => {
    const rules = { esports: [], cockfight: [], inhouse: ['JL'] };
    const items = buildNavigation([lane('RNG', 'PG', 'JL'), lane('FISH', 'JDB')], rules);
    expect(items.map((item) => item.key)).toEqual(['HOME', 'RNG', 'INHOUSE', 'FISH', 'PROMOTIONS']);
    const inhouse = items.find((item) => item.key === 'INHOUSE')!;
    expect(inhouse.to).toEqual({ pathname: '/rng', search: '?vassalage=JL' });
    expect(inhouse.vendors.map((v) => v.to)).toEqual([{ pathname: '/rng', search: '?vassalage=JL' }]);
  });
});

describe('reorderLanes (§4)', () => {
  it('merges moved vendors into lanes the server already sends, without duplicates', () => {
    const lanes = [lane('SPORTS', 'SABA', 'IMES', 'IA'), lane('RNG', 'PG'), lane('ESPORTS', 'IA')];
    const out = reorderLanes(lanes);
    expect(out.map((l) => l.title)).toEqual(['SPORTS', 'RNG', 'ESPORTS']);
    expect(out[2]!.cards.map((c) => c.vassalage)).toEqual(['IA', 'IMES']);
    expect(lanes[0]!.cards).toHaveLength(3); // input untouched
  });

  it('does nothing without a SPORTS lane, and keeps the INHOUSE list empty by default', () => {
    const out = reorderLanes([lane('RNG', 'PG', 'JL'), lane('LIVE', 'EVO')]);
    expect(out.map((l) => [l.title, l.cards.length])).toEqual([
      ['RNG', 2],
      ['LIVE', 1],
    ]);
  });
});

describe('isGamePage: side menu hidden (§2)', () => {
  it('matches the game pages case-insensitively', () => {
    for (const path of [
      '/seamless',
      '/Seamless',
      '/lottert',
      '/vnLottery',
      '/VNLOTTERY',
      '/seaLottery',
      '/sealottery/',
    ]) {
      expect(isGamePage(path), path).toBe(true);
    }
  });

  it('keeps the side menu everywhere else', () => {
    for (const path of ['/', '/promotions', '/rng', '/seamless-x', '/vnlottery/more', '/sports', '/member']) {
      expect(isGamePage(path), path).toBe(false);
    }
  });
});

describe('isActive', () => {
  const items = buildNavigation([lane('RNG', 'PG', 'JL')], { esports: [], cockfight: [], inhouse: ['JL'] });
  const item = (key: string) => items.find((i) => i.key === key)!;
  it('marks Home on every home path', () => {
    for (const path of ['/', '/index', '/index.html', '/home']) expect(isActive(item('HOME'), path, '')).toBe(true);
    expect(isActive(item('HOME'), '/promotions', '')).toBe(false);
  });
  it('tells RNG from INHOUSE by the vassalage query', () => {
    expect(isActive(item('RNG'), '/rng', '?vassalage=PG')).toBe(true);
    expect(isActive(item('INHOUSE'), '/rng', '?vassalage=JL')).toBe(true);
    expect(isActive(item('RNG'), '/rng', '?vassalage=JL')).toBe(false);
  });
});
