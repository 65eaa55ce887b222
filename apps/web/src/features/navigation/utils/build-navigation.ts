/**
 * §2/§4 top navigation from the vendor lanes (`GCSGAME_newGameVendor` → `value.data.lanes`,
 * endpoints.md). Pure, so the games issue only has to feed it the lanes it fetches.
 */

/** A vendor card of a lane (endpoints.md: vassalage, displayName, gameType, lagerIcon, …). */
export interface VendorCard {
  vassalage: string;
  displayName: string;
  gameType?: string;
  lagerIcon?: string;
  gameCode?: string;
  isGame?: string;
}

/** One lane: `title` is the category (RNG, LIVE, FISH, SPORTS, ESPORTS, PVP, ELOTT, LOTT…). */
export interface VendorLane {
  title: string;
  cards: VendorCard[];
  gameClassify?: { key: string; displayName: string; gameCount?: number }[];
}

/** endpoints.md: the esports vendors the client moves out of SPORTS (§4 lane reordering). */
export const ESPORTS_VENDORS: readonly string[] = ['IMES', 'TF', 'IA'];
/** endpoints.md: the cockfight vendors the client moves out of SPORTS. */
export const COCKFIGHT_VENDORS: readonly string[] = ['SV3'];
/** §4: RNG vendors listed here go to INHOUSE after RNG. The list is empty for now. */
export const INHOUSE_VENDORS: readonly string[] = [];

export interface LaneRules {
  esports: readonly string[];
  cockfight: readonly string[];
  inhouse: readonly string[];
}
const DEFAULT_RULES: LaneRules = { esports: ESPORTS_VENDORS, cockfight: COCKFIGHT_VENDORS, inhouse: INHOUSE_VENDORS };

const upper = (text: string) => text.trim().toUpperCase();

/**
 * §4 lane reordering: esports and cockfight vendors found in SPORTS are split into ESPORTS and
 * COCKFIGHT lanes placed right after SPORTS; RNG vendors of the exclusion list go to an INHOUSE
 * lane right after RNG. A lane the server already sends under one of those titles receives the
 * moved vendors (no duplicates). The input is not changed.
 */
export function reorderLanes(lanes: readonly VendorLane[], rules: LaneRules = DEFAULT_RULES): VendorLane[] {
  const out: VendorLane[] = lanes.map((lane) => ({ ...lane, title: upper(lane.title), cards: [...lane.cards] }));
  const take = (title: string, vendors: readonly string[]) => {
    const lane = out.find((l) => l.title === title);
    if (!lane || vendors.length === 0) return [];
    const wanted = new Set(vendors.map(upper));
    const moved = lane.cards.filter((card) => wanted.has(upper(card.vassalage)));
    lane.cards = lane.cards.filter((card) => !wanted.has(upper(card.vassalage)));
    return moved;
  };
  /** Adds `cards` to the lane `title`, creating it right after `afterTitle` (in `order`) if absent. */
  const place = (title: string, cards: VendorCard[], afterTitles: string[]) => {
    if (cards.length === 0) return;
    const existing = out.find((l) => l.title === title);
    if (existing) {
      const known = new Set(existing.cards.map((card) => upper(card.vassalage)));
      existing.cards.push(...cards.filter((card) => !known.has(upper(card.vassalage))));
      return;
    }
    let index = -1;
    for (const after of afterTitles)
      index = Math.max(
        index,
        out.findIndex((l) => l.title === after),
      );
    out.splice(index + 1, 0, { title, cards });
  };

  const esports = take('SPORTS', rules.esports);
  const cockfight = take('SPORTS', rules.cockfight);
  place('ESPORTS', esports, ['SPORTS']);
  place('COCKFIGHT', cockfight, ['SPORTS', 'ESPORTS']);
  place('INHOUSE', take('RNG', rules.inhouse), ['RNG']);
  return out;
}

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
/** §2/§4: INHOUSE opens the RNG list filtered to the in-house vendor JL. */
export const INHOUSE_VASSALAGE = 'JL';

export interface NavLink {
  pathname: string;
  search: string;
}

export interface NavVendor {
  vassalage: string;
  name: string;
  icon?: string;
  /** The vendor's page: its list for RNG/FISH/INHOUSE, else its category filtered to it. */
  to: NavLink;
  /**
   * §4: RNG and FISH vendors open their game list; other vendors start their game directly once
   * game launch exists (games issue), which is the hook this flag is for.
   */
  opensList: boolean;
}

export interface NavItem {
  key: NavKey;
  to: NavLink;
  vendors: NavVendor[];
}

function isCategory(title: string): title is NavCategory {
  return (NAV_CATEGORIES as readonly string[]).includes(title);
}

/** §4: choosing a category navigates to /{type lowercased}; INHOUSE to /rng?vassalage=JL. */
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
 * between them, in lane order after the §4 reordering, every category that has at least one
 * vendor, each with its vendors for the dropdown. Lanes of categories the site has no page for
 * are left out, and a category is listed once.
 */
export function buildNavigation(lanes: readonly VendorLane[], rules: LaneRules = DEFAULT_RULES): NavItem[] {
  const items: NavItem[] = [{ key: 'HOME', to: { pathname: '/', search: '' }, vendors: [] }];
  const seen = new Set<string>();
  for (const lane of reorderLanes(lanes, rules)) {
    if (!isCategory(lane.title) || seen.has(lane.title) || lane.cards.length === 0) continue;
    seen.add(lane.title);
    const category = lane.title;
    items.push({
      key: category,
      to: categoryLink(category),
      vendors: lane.cards.map((card) => ({
        vassalage: card.vassalage,
        name: card.displayName,
        icon: card.lagerIcon,
        to: vendorLink(category, card.vassalage),
        opensList: LIST_BY_VENDOR.has(category),
      })),
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
  if (item.key === 'INHOUSE') return new URLSearchParams(search).get('vassalage') === INHOUSE_VASSALAGE;
  if (item.key === 'RNG') return new URLSearchParams(search).get('vassalage') !== INHOUSE_VASSALAGE;
  return true;
}
