// Renders the demo banner sources (scripts/demo-banners/*.svg) to JPEG in apps/web/public/demo
// (and the home banners to WebP as well).
// An SVG shown through <img> cannot use the page's web fonts, and many phones have no Bengali
// font, so the Bangla text is baked in here with Noto Sans Bengali. Run: node scripts/render-demo-banners.mjs
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const sources = join(root, 'scripts/demo-banners');
const out = join(root, 'apps/web/public/demo');
const fonts = join(root, 'node_modules/@fontsource/noto-sans-bengali/files');

const fontFaces = (
  await Promise.all(
    [400, 600, 700].map(async (weight) => {
      const data = (await readFile(join(fonts, `noto-sans-bengali-bengali-${weight}-normal.woff2`))).toString('base64');
      return `@font-face{font-family:'Noto Sans Bengali';font-weight:${weight};src:url(data:font/woff2;base64,${data}) format('woff2')}`;
    }),
  )
).join('');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
await mkdir(out, { recursive: true });
const page = await browser.newPage();
for (const file of (await readdir(sources)).filter((f) => f.endsWith('.svg')).sort()) {
  const svg = await readFile(join(sources, file), 'utf8');
  const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg) ?? [];
  await page.setViewportSize({ width: Number(width), height: Number(height) });
  await page.setContent(`<!doctype html><style>${fontFaces}html,body{margin:0}svg{display:block}</style>${svg}`);
  await page.evaluate(() => document.fonts.ready);
  const target = join(out, file.replace(/\.svg$/, '.jpg'));
  await writeFile(target, await page.locator('svg').screenshot({ type: 'jpeg', quality: 82 }));
  console.log(`${file} → ${target.slice(root.length)}`);
  if (file.startsWith('home-')) await writeWebp(file, svg, Number(width) / Number(height));
}

/**
 * Issue 11: the home banners (the home page's largest paint on a phone) as WebP at 720 px wide,
 * a phone's width at its pixel ratio, a fraction of the JPEG's bytes; the seed shows these.
 */
async function writeWebp(file, svg, ratio) {
  const width = 720;
  const height = Math.round(width / ratio);
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<!doctype html><style>${fontFaces}html,body{margin:0}svg{display:block;width:${width}px;height:${height}px}</style>${svg}`,
  );
  await page.evaluate(() => document.fonts.ready);
  const png = (await page.locator('svg').screenshot({ type: 'png' })).toString('base64');
  const webp = await page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext('2d').drawImage(image, 0, 0);
    return canvas.toDataURL('image/webp', 0.8).split(',')[1];
  }, png);
  const target = join(out, file.replace(/\.svg$/, '.webp'));
  await writeFile(target, Buffer.from(webp, 'base64'));
  console.log(`${file} → ${target.slice(root.length)}`);
}
await browser.close();
