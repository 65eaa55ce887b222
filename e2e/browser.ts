import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium with the flags this machine needs (no downloads, no background traffic). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

export const baseUrl = () => inject('baseUrl');

export interface Visit {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A fresh context (its own storage) with language and theme preset, watching for errors. */
export async function openPage(
  browser: Browser,
  options: { language?: 'bn' | 'en'; theme?: 'dark' | 'light'; width?: number; height?: number } = {},
): Promise<Visit> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  // Presets, not overrides: a reload keeps what the page itself stored. Top frame only
  // (embedded video frames have no storage access).
  await context.addInitScript(
    ([language, theme]) => {
      if (window !== window.top) return;
      if (language && !localStorage.getItem('language')) localStorage.setItem('language', language);
      if (theme && !localStorage.getItem('theme')) localStorage.setItem('theme', theme);
    },
    [options.language, options.theme] as const,
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

export async function screenshot(page: Page, name: string) {
  await mkdir('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: false });
}
