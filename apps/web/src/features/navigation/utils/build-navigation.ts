import type { VendorLane } from '@khela/contracts';

/**
 * §2/§4 top navigation from the vendor lanes (`GCSGAME_newGameVendor` → `value.data.lanes`):
 * only categories with at least one live vendor have a lane, and the server has already done
 * the §4 reordering (esports and cockfight out of SPORTS, excluded RNG vendors into INHOUSE), so
 * the lanes are taken in the order they come. Pure: the app feeds it the lanes the games feature
 * fetches.
 */
export type { VendorLane };

/** Categories with a page of their own (§2 `/{gameType}` routes); INHOUSE opens the RNG list. */
export const NAV_CATEGORIES = [
  'LIVE',
  'RNG',
  'INHOUSE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'BGS',
] as const;
export type NavCategory = (typeof NAV_CATEGORIES)[number];
export type NavKey = 'HOME' | 'PROMOTIONS' | NavCategory;

/** §4: choosing FISH or RNG vendors opens their game list filtered by vassalage. */
const LIST_BY_VENDOR = new Set<string>(['RNG', 'FISH', 'INHOUSE']);
/** §2/§4: INHOUSE opens the RNG list filtered to the in-house lane's vendors (JL), `?vassalage=INHOUSE`. */
export const INHOUSE_VASSALAGE = 'INHOUSE';

export interface NavLink {
  pathname: string;
  search: string;
}

/** What starting a vendor's game needs (the app hands it to the games feature's launch). */
export interface NavLaunch {
  gameCode: string;
  vassalage: string;
  nodeId: number | null;
  gameType: string;
  isGame: string;
  status: string;
  name: string;
}

export interface NavVendor {
  vassalage: string;
  name: string;
  icon?: string;
  /** The vendor's page: its list for RNG/FISH/INHOUSE, else its category filtered to it. */
  to: NavLink;
  /** §4: RNG and FISH vendors open their game list; other vendors start their game directly. */
  opensList: boolean;
  /** The game a vendor of the other categories starts (absent: its page is the way in). */
  launch?: NavLaunch;
}

export interface NavItem {
  key: NavKey;
  to: NavLink;
  vendors: NavVendor[];
}

function isCategory(title: string): title is NavCategory {
  return (NAV_CATEGORIES as readonly string[]).includes(title);
}

/** §4: choosing a category navigates to /{type lowercased}; INHOUSE to /rng?vassalage=INHOUSE. */
export function categoryLink(category: NavCategory): NavLink {
  if (category === 'INHOUSE') return { pathname: '/rng', search: `?vassalage=${INHOUSE_VASSALAGE}` };
  return { pathname: `/${category.toLowerCase()}`, search: '' };
}

/** Where a vendor of the dropdown leads: its category page, filtered to that vendor. */
export function vendorLink(category: NavCategory, vassalage: string): NavLink {
  const base = categoryLink(category === 'INHOUSE' ? 'RNG' : category);
  const query = new URLSearchParams({ vassalage });
  return { pathname: base.pathname, search: `?${query.toString()}` };
}

/**
 * §2/§4 top navigation: Home (/) first and Promotions (/promotions) last, both always shown;
 * between them, in lane order, every category that has at least one vendor, each with its
 * vendors for the dropdown. Lanes of categories the site has no page for are left out, and a
 * category is listed once.
 */
export function buildNavigation(lanes: readonly VendorLane[]): NavItem[] {
  const items: NavItem[] = [{ key: 'HOME', to: { pathname: '/', search: '' }, vendors: [] }];
  const seen = new Set<string>();
  for (const lane of lanes) {
    if (!isCategory(lane.title) || seen.has(lane.title) || lane.cards.length === 0) continue;
    seen.add(lane.title);
    const category = lane.title;
    items.push({
      key: category,
      to: categoryLink(category),
      vendors: lane.cards.map((card) => {
        const opensList = LIST_BY_VENDOR.has(category);
        const { gameCode } = card;
        return {
          vassalage: card.vassalage,
          name: card.displayName,
          icon: card.logoUrl ?? card.lagerIcon ?? undefined,
          to: vendorLink(category, card.vassalage),
          opensList,
          launch:
            opensList || !gameCode
              ? undefined
              : {
                  gameCode,
                  vassalage: card.vassalage,
                  nodeId: card.nodeId,
                  gameType: card.category,
                  isGame: card.isGame,
                  status: card.status,
                  name: card.displayName,
                },
        };
      }),
    });
  }
  items.push({ key: 'PROMOTIONS', to: { pathname: '/promotions', search: '' }, vendors: [] });
  return items;
}

/**
 * §2: on game pages the side menu is hidden. The spec names /seamless, /lottert, /vnlottery and
 * /sealottery, compared case-insensitively; "/lottert" is kept exactly as the spec writes it.
 */
export const GAME_PAGES: readonly string[] = ['/seamless', '/lottert', '/vnlottery', '/sealottery'];

export function isGamePage(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return GAME_PAGES.includes(path);
}

/** Is `pathname` (and `search`) the page of this navigation item? Used for aria-current. */
export function isActive(item: NavItem, pathname: string, search: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (item.key === 'HOME') return ['/', '/index', '/index.html', '/home', '/help'].includes(path);
  if (path !== item.to.pathname) return false;
  if (item.key === 'INHOUSE' || item.key === 'RNG') {
    // /rng holds both: the vendor in the query tells them apart.
    const vassalage = new URLSearchParams(search).get('vassalage')?.toUpperCase();
    const own = item.vendors.some((vendor) => vendor.vassalage.toUpperCase() === vassalage);
    return item.key === 'INHOUSE' ? vassalage === INHOUSE_VASSALAGE || own : !vassalage || own;
  }
  return true;
}
