import { describe, expect, it } from 'vitest';
import { buildNavigation, isActive, isGamePage, type VendorLane } from './build-navigation.ts';

type Card = VendorLane['cards'][number];
const card = (vassalage: string, extra: Partial<Card> = {}): Card => ({
  vassalage,
  displayName: `${vassalage} name`,
  category: 'LIVE',
  gameType: 'X',
  logoUrl: `/logos/${vassalage}.svg`,
  lagerIcon: null,
  gameCode: null,
  nodeId: null,
  isGame: 'GAME',
  status: 'on',
  walletMode: 'seamless',
  supportsTrial: false,
  gameCount: 3,
  ...extra,
});
const lane = (title: string, ...vendors: (string | Card)[]): VendorLane =>
  ({
    title,
    displayName: title,
    cards: vendors.map((v) => (typeof v === 'string' ? card(v) : v)),
    gameClassify: [],
  }) as VendorLane;
const keys = (lanes: VendorLane[]) => buildNavigation(lanes).map((item) => item.key);

describe('buildNavigation (§2: categories with at least one live vendor, from the lanes)', () => {
  it('shows only Home and Promotions when there are no lanes', () => {
    expect(keys([])).toEqual(['HOME', 'PROMOTIONS']);
    const [home, promotions] = buildNavigation([]);
    expect(home!.to).toEqual({ pathname: '/', search: '' });
    expect(promotions!.to).toEqual({ pathname: '/promotions', search: '' });
  });

  it('keeps Home first and Promotions last, categories in lane order between (the server orders them, §4)', () => {
    expect(
      keys([lane('SPORTS', 'S'), lane('ESPORTS', 'E'), lane('COCKFIGHT', 'C'), lane('LIVE', 'EVO'), lane('RNG', 'PG')]),
    ).toEqual(['HOME', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LIVE', 'RNG', 'PROMOTIONS']);
    expect(keys([lane('PVP', 'KM'), lane('LIVE', 'EVO')])).toEqual(['HOME', 'PVP', 'LIVE', 'PROMOTIONS']);
  });

  it('hides categories without a vendor', () => {
    expect(keys([lane('LIVE'), lane('RNG', 'PG'), lane('SPORTS')])).toEqual(['HOME', 'RNG', 'PROMOTIONS']);
  });

  it('leaves out lanes the site has no page for, and lists a category once', () => {
    expect(keys([lane('WHATEVER', 'A'), lane('RNG', 'PG'), lane('RNG', 'JILI')])).toEqual([
      'HOME',
      'RNG',
      'PROMOTIONS',
    ]);
  });

  it('links categories to /{type lowercased} and list vendors to their filtered list', () => {
    const [, live, rng] = buildNavigation([lane('LIVE', 'EVO'), lane('RNG', 'PG')]);
    expect(live!.to).toEqual({ pathname: '/live', search: '' });
    expect(rng!.vendors[0]).toMatchObject({
      vassalage: 'PG',
      name: 'PG name',
      icon: '/logos/PG.svg',
      to: { pathname: '/rng', search: '?vassalage=PG' },
      opensList: true,
      launch: undefined,
    });
  });

  it('lets vendors of the other categories start their game directly (§4), RNG and FISH vendors never', () => {
    const sports = card('SABA', { category: 'SPORTS', gameCode: 'saba-book', nodeId: 140, status: 'maintenance' });
    const slots = card('NAKSHI', { category: 'RNG', gameCode: 'nakshi-all', nodeId: 62, isGame: 'VASSALAGE' });
    const [, sportsItem, rngItem] = buildNavigation([lane('SPORTS', sports), lane('RNG', slots)]);
    expect(sportsItem!.vendors[0]!.launch).toEqual({
      gameCode: 'saba-book',
      vassalage: 'SABA',
      nodeId: 140,
      gameType: 'SPORTS',
      isGame: 'GAME',
      status: 'maintenance',
      name: 'SABA name',
    });
    expect(sportsItem!.vendors[0]!.opensList).toBe(false);
    expect(rngItem!.vendors[0]!.launch).toBeUndefined();
  });

  it('opens the RNG list filtered to the in-house vendors from INHOUSE (§2 /rng?vassalage=INHOUSE)', () => {
    const items = buildNavigation([lane('RNG', 'PG'), lane('INHOUSE', 'JL'), lane('FISH', 'JDB')]);
    expect(items.map((item) => item.key)).toEqual(['HOME', 'RNG', 'INHOUSE', 'FISH', 'PROMOTIONS']);
    const inhouse = items.find((item) => item.key === 'INHOUSE')!;
    expect(inhouse.to).toEqual({ pathname: '/rng', search: '?vassalage=INHOUSE' });
    expect(inhouse.vendors.map((v) => v.to)).toEqual([{ pathname: '/rng', search: '?vassalage=JL' }]);
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
  const items = buildNavigation([lane('RNG', 'PG'), lane('INHOUSE', 'JL')]);
  const item = (key: string) => items.find((i) => i.key === key)!;
  it('marks Home on every home path', () => {
    for (const path of ['/', '/index', '/index.html', '/home']) expect(isActive(item('HOME'), path, '')).toBe(true);
    expect(isActive(item('HOME'), '/promotions', '')).toBe(false);
  });
  it('tells RNG from INHOUSE by the vassalage query', () => {
    expect(isActive(item('RNG'), '/rng', '')).toBe(true);
    expect(isActive(item('RNG'), '/rng', '?vassalage=PG')).toBe(true);
    expect(isActive(item('INHOUSE'), '/rng', '?vassalage=INHOUSE')).toBe(true);
    expect(isActive(item('INHOUSE'), '/rng', '?vassalage=jl')).toBe(true);
    expect(isActive(item('RNG'), '/rng', '?vassalage=INHOUSE')).toBe(false);
    expect(isActive(item('RNG'), '/rng', '?vassalage=JL')).toBe(false);
  });
});
