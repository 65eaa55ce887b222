// Renders the installable-site icons (issue 3 item 10) from their SVG sources in
// apps/web/public/icons: icon.svg (the site mark, transparent corners) and maskable.svg (full
// bleed, the mark inside the 80 % safe zone). Run: node scripts/render-icons.mjs
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const icons = join(new URL('..', import.meta.url).pathname, 'apps/web/public/icons');
const outputs = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['maskable.svg', 'maskable-192.png', 192],
  ['maskable.svg', 'maskable-512.png', 512],
  // iOS fills transparency with black: its home-screen icon is the full-bleed one.
  ['maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = await browser.newPage();
for (const [source, name, size] of outputs) {
  const svg = (await readFile(join(icons, source), 'utf8')).replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`,
  );
  await page.screenshot({ path: join(icons, name), omitBackground: true });
  console.log(`apps/web/public/icons/${name}`);
}
await browser.close();
