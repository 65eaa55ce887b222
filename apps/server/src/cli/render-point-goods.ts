// `node --import tsx scripts/render-point-goods.mjs`: draws the demo points-mall goods (issue 14
// item 3) into apps/web/public/demo/points as small SVGs: a colour of their own and a white glyph,
// no text (an SVG shown through <img> cannot use the page's fonts). Run again after changing seed/points.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_POINT_GOODS } from '../seed/points.ts';

const outDir = fileURLToPath(new URL('../../../web/public/demo/points', import.meta.url));

const GLYPHS: Record<string, string> = {
  jersey:
    '<path d="M70 52l-30 18 12 30 14-6v62h68V94l14 6 12-30-30-18c-4 12-14 18-30 18S74 64 70 52z"/><path d="M92 104h16v30H92z" fill="#0004"/>',
  cap: '<path d="M52 122c0-36 20-60 48-60s48 24 48 60z"/><path d="M40 122h120c0 10-8 16-20 16H60c-12 0-20-6-20-16z" fill="#ffffffcc"/><circle cx="100" cy="62" r="6"/>',
  earbuds:
    '<circle cx="74" cy="86" r="20"/><circle cx="126" cy="86" r="20"/><path d="M68 100v42M132 100v42" stroke="#fff" stroke-width="12" stroke-linecap="round"/>',
  mug: '<path d="M58 66h70v60c0 14-10 22-22 22H80c-12 0-22-8-22-22z"/><path d="M128 80h10c12 0 16 8 16 18s-4 18-16 18h-10" fill="none" stroke="#fff" stroke-width="9"/><path d="M76 48q6 8 0 14M94 44q6 8 0 14M112 48q6 8 0 14" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>',
  'power-bank':
    '<rect x="64" y="46" width="72" height="112" rx="12"/><path d="M104 70l-20 34h16l-6 30 22-38h-16z" fill="#0005"/>',
  phone:
    '<rect x="66" y="38" width="68" height="126" rx="12"/><rect x="74" y="54" width="52" height="90" rx="4" fill="#0004"/><circle cx="100" cy="153" r="5" fill="#0005"/>',
  voucher:
    '<path d="M42 70h116v20a10 10 0 0 0 0 20v20H42v-20a10 10 0 0 0 0-20z"/><path d="M82 78v44" stroke="#0004" stroke-width="4" stroke-dasharray="6 5"/><circle cx="118" cy="100" r="14" fill="#0004"/>',
  bat: '<path d="M120 40l18 18-58 82-14 4-10-10 4-14z"/><path d="M58 128l14 14-16 16-14-14z" fill="#ffffffcc"/><circle cx="140" cy="138" r="12"/>',
};

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
  return hash >>> 0;
}

function svgOf(slug: string): string {
  const hue = hashOf(slug) % 360;
  const glyph = GLYPHS[slug];
  if (!glyph) throw new Error(`no glyph for ${slug}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 65% 35%)"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/>
<circle cx="100" cy="100" r="78" fill="#ffffff1a"/>
<g fill="#fff">${glyph}</g>
</svg>
`;
}

await mkdir(outDir, { recursive: true });
for (const goods of DEMO_POINT_GOODS) await writeFile(`${outDir}/${goods.slug}.svg`, svgOf(goods.slug));
console.log(`${DEMO_POINT_GOODS.length} goods pictures written to ${outDir}`);
