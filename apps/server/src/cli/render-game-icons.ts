// `node --import tsx scripts/render-game-icons.mjs`: draws the demo catalogue's game icons and vendor
// logos (issue 11 item 1) into apps/web/public/games as small SVGs, one look per game: the colours of
// its category turned by its name, a pattern and a glyph of its classification (slots: a symbol of
// their own). No text: an SVG shown through <img> cannot use the page's fonts (GOTCHAS), and the
// cards print the name beneath. Run it again after changing seed/catalogue.ts.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_VENDORS, gameIconPath, vendorLogoPath } from '../seed/catalogue.ts';

const publicDir = fileURLToPath(new URL('../../../web/public', import.meta.url));

/** The hue of each category; every game turns it a little by its name. */
const HUES: Record<string, number> = {
  LIVE: 350,
  RNG: 275,
  FISH: 195,
  PVP: 140,
  SPORTS: 215,
  ESPORTS: 250,
  COCKFIGHT: 32,
  LOTT: 320,
  ELOTT: 18,
};

/** A small, stable number from text (FNV-1a). */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
  return hash >>> 0;
}

const star = (cx: number, cy: number, outer: number, inner: number, points = 5) =>
  Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI * i) / points - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

/** Slot symbols: a slot's glyph is one of these, by its name. */
const SLOT_SYMBOLS = [
  '<circle cx="80" cy="120" r="19"/><circle cx="120" cy="126" r="19"/><path d="M80 102Q90 72 118 62M120 108Q112 82 118 62" fill="none" stroke="#fff" stroke-width="6"/>',
  '<path d="M68 66h64l-36 76" fill="none" stroke="#fff" stroke-width="15" stroke-linejoin="round" stroke-linecap="round"/>',
  '<path d="M100 56c-22 0-30 20-30 40v18l-9 12h78l-9-12V96c0-20-8-40-30-40z"/><circle cx="100" cy="136" r="8"/>',
  '<path d="M64 84l17-24h38l17 24-36 52z"/>',
  `<polygon points="${star(100, 100, 42, 18)}"/>`,
  '<path d="M60 130V78l21 18 19-32 19 32 21-18v52z"/>',
  '<circle cx="100" cy="98" r="38"/><circle cx="100" cy="98" r="25" fill="none" stroke="#0004" stroke-width="6"/>',
  '<circle cx="86" cy="84" r="16"/><circle cx="114" cy="84" r="16"/><circle cx="86" cy="112" r="16"/><circle cx="114" cy="112" r="16"/><path d="M100 104q4 30 16 40" fill="none" stroke="#fff" stroke-width="6"/>',
  `<polygon points="${star(100, 100, 44, 30, 8)}"/><circle cx="100" cy="100" r="16" fill="#0003"/>`,
  '<path d="M100 58c14 20 30 30 30 48a30 30 0 0 1-60 0c0-18 16-28 30-48z"/>',
];

/** Fishing games: a catch of their own, by name. */
const FISHING_SYMBOLS = [
  '<path d="M50 100c22-32 62-32 84 0-22 32-62 32-84 0z"/><path d="M132 100l20-17v34z"/><circle cx="74" cy="95" r="6" fill="#0006"/>',
  '<path d="M46 126q54-4 108 0q-30-12-40-70q-40 30-68 70z"/>',
  '<ellipse cx="100" cy="108" rx="32" ry="24"/><path d="M70 96q-22-20-8-38q6 18 18 24M130 96q22-20 8-38q-6 18-18 24" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round"/><path d="M76 128l-14 12M124 128l14 12M88 132l-6 14M112 132l6 14" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
  '<path d="M62 100a38 34 0 0 1 76 0z"/><path d="M72 104q-4 22 4 36M90 104q-6 24 0 40M110 104q6 24 0 40M128 104q4 22-4 36" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
];

/** A white glyph per classification, in a 200×200 box. */
const GLYPHS: Record<string, string> = {
  TABLE:
    '<rect x="56" y="74" width="88" height="48" rx="24" fill="none" stroke="#fff" stroke-width="9"/><circle cx="100" cy="98" r="9"/>',
  BACCARAT:
    '<rect x="58" y="62" width="50" height="70" rx="7" transform="rotate(-10 83 97)"/><rect x="92" y="62" width="50" height="70" rx="7" fill="#ffffffcc" transform="rotate(10 117 97)"/>',
  ROULETTE:
    '<circle cx="100" cy="98" r="42" fill="none" stroke="#fff" stroke-width="9"/><circle cx="100" cy="98" r="12"/><path d="M100 56v84M58 98h84M70 68l60 60M130 68l-60 60" stroke="#fff" stroke-width="4"/>',
  BLACKJACK:
    '<rect x="64" y="58" width="72" height="82" rx="9"/><path d="M84 116l16-34 16 34M90 104h20" fill="none" stroke="#0006" stroke-width="7"/>',
  CARD: '<rect x="68" y="56" width="64" height="86" rx="9"/><path d="M100 76l16 22-16 22-16-22z" fill="#0005"/>',
  POKER: `<rect x="60" y="58" width="56" height="78" rx="8" transform="rotate(-14 88 97)"/><rect x="86" y="58" width="56" height="78" rx="8" fill="#ffffffd9" transform="rotate(12 114 97)"/><polygon points="${star(114, 97, 14, 6)}" fill="#0005" transform="rotate(12 114 97)"/>`,
  RUMMY:
    '<rect x="54" y="70" width="28" height="40" rx="4"/><rect x="86" y="70" width="28" height="40" rx="4"/><rect x="118" y="70" width="28" height="40" rx="4"/><path d="M58 124h84" stroke="#fff" stroke-width="7" stroke-linecap="round"/>',
  BOARD:
    '<rect x="60" y="58" width="80" height="80" rx="6" fill="none" stroke="#fff" stroke-width="8"/><path d="M60 98h80M100 58v80" stroke="#fff" stroke-width="6"/><circle cx="80" cy="78" r="9"/><circle cx="120" cy="118" r="9"/>',
  DICE: '<rect x="62" y="60" width="76" height="76" rx="16"/><g fill="#0005"><circle cx="82" cy="80" r="8"/><circle cx="100" cy="98" r="8"/><circle cx="118" cy="116" r="8"/></g>',
  GAMESHOW:
    '<circle cx="100" cy="100" r="42" fill="none" stroke="#fff" stroke-width="10" stroke-dasharray="16 9"/><path d="M100 48l10 20H90z"/><circle cx="100" cy="100" r="12"/>',
  CRASH:
    '<path d="M54 138Q100 132 140 60" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round"/><path d="M130 52l20 2-8 19z"/>',
  MINES:
    '<circle cx="100" cy="100" r="30"/><path d="M100 54v16M100 130v16M54 100h16M130 100h16M68 68l11 11M121 121l11 11M132 68l-11 11M79 121l-11 11" stroke="#fff" stroke-width="8" stroke-linecap="round"/>',
  ARCADE:
    '<rect x="52" y="76" width="96" height="48" rx="24"/><path d="M74 100h18M83 91v18" stroke="#0006" stroke-width="6"/><circle cx="118" cy="94" r="6" fill="#0006"/><circle cx="128" cy="106" r="6" fill="#0006"/>',
  KENO: `<g>${[0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => `<circle cx="${74 + c * 26}" cy="${72 + r * 26}" r="10"/>`)).join('')}</g>`,
  SCRATCH:
    '<rect x="58" y="62" width="84" height="74" rx="9"/><path d="M70 118l60-34M74 98l40-22" stroke="#0004" stroke-width="9" stroke-linecap="round"/>',
  SPORTSBOOK: '<circle cx="100" cy="98" r="42"/><path d="M100 68l20 15-8 23H88l-8-23z" fill="#0005"/>',
  EXCHANGE:
    '<path d="M60 80h72l-16-16M140 116H68l16 16" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>',
  VIRTUAL:
    '<rect x="54" y="62" width="92" height="62" rx="7" fill="none" stroke="#fff" stroke-width="9"/><path d="M84 140h32" stroke="#fff" stroke-width="9" stroke-linecap="round"/><path d="M92 80l20 13-20 13z"/>',
  ESPORTS:
    '<rect x="50" y="76" width="100" height="46" rx="23"/><path d="M72 99h20M82 89v20" stroke="#0006" stroke-width="7"/><circle cx="120" cy="93" r="6" fill="#0006"/><circle cx="131" cy="105" r="6" fill="#0006"/>',
  COCKFIGHT: '<path d="M66 136c0-34 16-56 40-58l12-18 6 20c16 9 18 32 9 56z"/><path d="M118 60l8-10 4 12z"/>',
  LOTTO:
    '<circle cx="80" cy="88" r="22"/><circle cx="120" cy="88" r="22" fill="#ffffffcc"/><circle cx="100" cy="120" r="22" fill="#ffffffe6"/>',
  FAST: '<circle cx="100" cy="100" r="40" fill="none" stroke="#fff" stroke-width="9"/><path d="M100 74v28l20 12" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round"/>',
};

/** A faint pattern behind the glyph, chosen and placed by the name. */
function pattern(hash: number): string {
  const kind = hash % 4;
  const turn = (hash >>> 4) % 180;
  if (kind === 0) {
    return Array.from({ length: 7 }, (_, i) => {
      const h = hashOf(`${hash}:${i}`);
      return `<circle cx="${h % 200}" cy="${(h >>> 8) % 200}" r="${6 + ((h >>> 16) % 22)}"/>`;
    }).join('');
  }
  if (kind === 1) {
    const lines = Array.from({ length: 9 }, (_, i) => `M${-100 + i * 40} -20l0 240`).join('');
    return `<path d="${lines}" stroke="#fff" stroke-width="12" transform="rotate(${turn} 100 100)"/>`;
  }
  if (kind === 2) {
    const [x, y] = [
      [0, 0],
      [200, 0],
      [0, 200],
      [200, 200],
    ][(hash >>> 6) % 4]!;
    return [40, 80, 120, 160]
      .map((r) => `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#fff" stroke-width="10"/>`)
      .join('');
  }
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (Math.PI * 2 * i) / 12 + turn / 57.3;
    const b = a + Math.PI / 24;
    const p = (t: number) => `${(100 + 150 * Math.cos(t)).toFixed(0)},${(100 + 150 * Math.sin(t)).toFixed(0)}`;
    return `M100,100L${p(a)}L${p(b)}z`;
  }).join('');
  return `<path d="${rays}"/>`;
}

function icon(key: string, category: string, classify: string | null, shape: 'game' | 'vendor'): string {
  const hash = hashOf(key);
  const hue = (HUES[category] ?? 210) + ((hash >>> 10) % 40) - 20;
  const angle = (hash >>> 3) % 360;
  const variant = (symbols: readonly string[]) => symbols[(hash >>> 12) % symbols.length]!;
  const glyph =
    classify === 'FISHING'
      ? variant(FISHING_SYMBOLS)
      : classify === 'SLOT' || classify === null
        ? variant(SLOT_SYMBOLS)
        : (GLYPHS[classify] ?? variant(SLOT_SYMBOLS));
  // Vendors wear a double ring, so a logo never passes for a game.
  const frame =
    shape === 'vendor'
      ? '<circle cx="100" cy="100" r="86" fill="none" stroke="#fff" stroke-width="6" opacity=".85"/><circle cx="100" cy="100" r="74" fill="none" stroke="#fff" stroke-width="2" opacity=".6"/>'
      : `<circle cx="100" cy="100" r="60" fill="#000" opacity=".18"/><rect x="${150 + (hash % 20)}" y="14" width="24" height="24" rx="5" fill="hsl(${(hue + 150) % 360} 80% 60%)" transform="rotate(${angle} 162 26)"/>`;
  const outline = `<rect width="200" height="200" rx="${shape === 'vendor' ? 100 : 28}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="hsl(${hue} 70% 20%)"/><stop offset="1" stop-color="hsl(${hue + 25} 75% 47%)"/></linearGradient><clipPath id="c">${outline}</clipPath></defs><g clip-path="url(#c)"><rect width="200" height="200" fill="url(#g)"/><g fill="#fff" opacity=".1">${pattern(hash)}</g>${frame}</g><g fill="#fff">${glyph}</g></svg>\n`;
}

const gamesDir = join(publicDir, 'games');
await rm(gamesDir, { recursive: true, force: true });
let files = 0;
let bytes = 0;
async function write(path: string, svg: string) {
  const file = join(publicDir, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, svg);
  files++;
  bytes += Buffer.byteLength(svg);
}
for (const vendor of DEMO_VENDORS) {
  // A vendor's logo shows the glyph of its first game's classification.
  const classify = vendor.games[0]![2];
  await write(vendorLogoPath(vendor.vassalage), icon(vendor.vassalage, vendor.category, classify, 'vendor'));
  for (const [en, , classify] of vendor.games) {
    await write(
      gameIconPath(vendor.vassalage, en),
      icon(`${vendor.vassalage}:${en}`, vendor.category, classify, 'game'),
    );
  }
}
console.log(`wrote ${files} icons (${(bytes / 1024).toFixed(0)} KB) under apps/web/public/games`);
