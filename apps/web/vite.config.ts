import { createRequire } from 'node:module';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, minify, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const require = createRequire(import.meta.url);
const contractsSrc = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

/** Paths the server answers itself (the operator console's too): never the app shell, never cached by the service worker. */
const SERVER_PATHS = /^\/(wps|lgw|sandbox-gateway|sandbox|admin|console|api-docs|dev|healthz|readyz|metrics)(\/|$)/;

/** Dev server: API calls go to a running Khela server (KHELA_API, default :8080). */
const api = { target: process.env.KHELA_API ?? 'http://127.0.0.1:8080', changeOrigin: false };

/**
 * Issue 3 item 11 (first-load JS ≤ 170 KB gzip): the contracts build their schemas with the
 * classic zod API; in the browser that API runs on zod/mini (packages/contracts/src/zod-browser.ts),
 * which parses the same way for a fraction of the bytes. Only imports made by the contracts
 * are redirected; the package's `browser` export condition already leaves the operator API out.
 */
const contractsOnZodMini: Plugin = {
  name: 'khela-contracts-zod-mini',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'zod' && importer?.startsWith(contractsSrc)) return join(contractsSrc, 'zod-browser.ts');
    return null;
  },
};

/**
 * An endpoint's `summary` is for the API docs (OpenAPI, built on the server): the browser's copy of
 * the registry leaves the text out (a string literal after `summary:`; a schema field of that name
 * is not a literal and stays).
 */
const ENDPOINT_SUMMARY = /\bsummary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)\s*,/g;
const contractsWithoutSummaries: Plugin = {
  name: 'khela-contracts-without-summaries',
  enforce: 'pre',
  transform(code, id) {
    if (!id.startsWith(join(contractsSrc, 'endpoints'))) return null;
    return { code: code.replace(ENDPOINT_SUMMARY, ''), map: null };
  },
};

/**
 * React 19 has useSyncExternalStore: react-i18next's shim for React 16/17 (a fallback
 * implementation and a CommonJS wrapper) is not shipped.
 */
const SYNC_STORE_SHIM = '\0khela:use-sync-external-store-shim';
const noSyncStoreShim: Plugin = {
  name: 'khela-no-sync-store-shim',
  enforce: 'pre',
  resolveId: (source) => (source === 'use-sync-external-store/shim' ? SYNC_STORE_SHIM : null),
  load: (id) => (id === SYNC_STORE_SHIM ? "export { useSyncExternalStore } from 'react';" : null),
};

/**
 * Issue 3 item 11 and issue 11: public/first-calls.js starts the app. Vite writes the entry's module
 * scripts and style sheets into index.html; they are taken out of it here and named on
 * first-calls.js's tag instead (`data-scripts`, `data-styles`), with the Bengali font (`data-font`:
 * preloaded beside the scripts rather than found by the first layout, which then neither searches
 * the system for a Bengali fallback nor shifts when the font swaps in), the language's first-screen
 * messages (`data-bn`, `data-en`) and the home page's chunks with the styles they import that the
 * shell has not (`data-home`), which the bundle would find only once it has run. So the HTML holds
 * back nothing: the boot cover, and on a phone's home page the first banner on it, paint before
 * the framework is asked for (Lighthouse's simulation counts every file that arrived before a paint).
 */
const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/g;
const STYLESHEET_LINK = /\s*<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;
const firstCallsStartsTheApp: Plugin = {
  name: 'khela-first-calls-starts-the-app',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle ?? {};
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const inShell = new Set<string>();
      const addShell = (fileName: string) => {
        if (inShell.has(fileName)) return;
        inShell.add(fileName);
        byName.get(fileName)?.imports.forEach(addShell);
      };
      chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => addShell(chunk.fileName));
      const files = (moduleSuffix: string) => {
        const facade = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix));
        if (!facade) throw new Error(`khela-first-calls-starts-the-app: no chunk for ${moduleSuffix}`);
        const found = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = byName.get(fileName);
          if (!chunk || inShell.has(fileName) || found.has(fileName)) return;
          found.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => found.add(css));
          chunk.imports.forEach(visit);
        };
        visit(facade.fileName);
        return [...found].join(' ');
      };
      const font = Object.keys(bundle).find((name) => /noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/.test(name));
      if (!font) throw new Error('khela-first-calls-starts-the-app: the Bengali woff2 is not in the build');
      const scripts = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
      const styles = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
      if (scripts.length === 0 || styles.length === 0) {
        throw new Error('khela-first-calls-starts-the-app: index.html has no module scripts or no style sheets');
      }
      const tag = '<script async src="/first-calls.js"></script>';
      if (!html.includes(tag))
        throw new Error('khela-first-calls-starts-the-app: index.html lost its first-calls script');
      const attributes = [
        ['scripts', scripts.join(' ')],
        ['styles', styles.join(' ')],
        ['font', font],
        ['bn', files('/src/locales/bn.ts')],
        ['en', files('/src/locales/en.ts')],
        ['home', files('/src/app/routes/home.tsx')],
      ].map(([name, value]) => `data-${name}="${value}"`);
      return html
        .replace(MODULE_SCRIPT, '')
        .replace(STYLESHEET_LINK, '')
        .replace(tag, `<script async src="/first-calls.js" ${attributes.join(' ')}></script>`);
    },
  },
};

/**
 * Issue 3 item 11: public/first-calls.js (index.html's first script, started before the bundle)
 * is copied as it is written; its bytes count in the first-load budget, so the build's copy is
 * minified, before the service worker lists it and precompress() compresses it.
 */
const minifyFirstCalls: Plugin = {
  name: 'khela-minify-first-calls',
  apply: 'build',
  writeBundle: {
    order: 'pre',
    sequential: true,
    async handler(options) {
      const path = join(options.dir ?? 'dist', 'first-calls.js');
      const result = await minify('first-calls.js', await readFile(path, 'utf8'));
      if (result.errors.length > 0) throw new Error(`first-calls.js: ${result.errors[0]!.message}`);
      await writeFile(path, result.code);
    },
  },
};

/**
 * Issue 11: the shell's scripts (the entry chunk and `framework`) run at once on every first load.
 * With this hint at their top (Chromium 136+) V8 compiles their functions on the thread that
 * streams the download instead of each one lazily on the main thread the first time it is called
 * (measured on the home page: the main thread's lazy compilations 1,424 → 473, ~45 ms of thread time;
 * bench:web on a quiet machine, one build after the other: main-thread CPU 642 → 489 ms, thread-time
 * TBT estimate 147 → 67 ms; it adds one ~17 ms task that finalises the compiled code).
 * Added last, after Vite's own preload list at the top of the entry; the source map moves one line.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const compileHintsForTheShell: Plugin = {
  name: 'khela-compile-hints-for-the-shell',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        if (output.name !== 'framework' && !output.moduleIds.some((id) => id.endsWith('/src/main.tsx'))) continue;
        output.code = COMPILE_HINT + output.code;
        if (output.map) output.map.mappings = `;${output.map.mappings}`;
        const map = bundle[`${output.fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const json = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
      }
    },
  },
};

/**
 * Brotli and gzip copies of every text file of the build (`x.js.br`, `x.js.gz`), written once
 * here so the server can send them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request. Runs last, after the service worker is generated.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  async function* files(dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* files(path);
      else yield path;
    }
  }
  return {
    name: 'khela-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const work: Promise<unknown>[] = [];
        for await (const path of files(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(path) || (await stat(path)).size < 1024) continue;
          work.push(
            readFile(path).then((data) =>
              Promise.all([
                brotli(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).then((b) =>
                  writeFile(`${path}.br`, b),
                ),
                gz(data, { level: 9 }).then((g) => writeFile(`${path}.gz`, g)),
              ]),
            ),
          );
        }
        await Promise.all(work);
      },
    },
  };
}

/**
 * The chunk layout of the first load (issue 3 item 11): every module the entry imports
 * statically goes into one of two chunks, `framework` (packages: changes rarely, stays cached)
 * and `index` (the app's shell), instead of a dozen small shared chunks that each compress
 * worse and cost a request. Lazily loaded code (routes, modals, languages) keeps its own chunks.
 */
/**
 * The contracts' barrel (browser.ts) imports every endpoint group, so all of them look statically
 * reachable; the groups of the account forms, the wallet, the cashier and the games (its lobby
 * reads, endpoints/games-lobby.ts, stay in the first load: home and the header call them), and
 * the registration messages, are chunks of their own instead (their code alone, not what they
 * import), loaded by the chunks that use them.
 */
const AGENT_PAGE_CHUNK =
  /(^|\/)(agent-[a-z-]+|report-pages|payout-pages|register-center-page|downline-view-page|account-details-page)-[\w-]+\.js$/;
/**
 * The first-load chunks of firstLoadChunk(), Rolldown's runtime and the framework's styles (a
 * link of index.html), by the names they are given.
 */
const SHELL_SCRIPT = /^assets\/((framework|index|rolldown-runtime)-[\w-]{8}\.js|framework-[\w-]{8}\.css)$/;
const LATER_PAGE_CHUNK =
  /(^|\/)(member|header-balance|contract-offers|verify-page|fairness-page|rounds-page|point-mall|cockfight-page|content|hot-matches-lane)-[\w-]{8}\.js$/;
const LATER_CONTRACTS =
  /[\\/]packages[\\/]contracts[\\/]src[\\/](?:endpoints[\\/])?(member|wallet|cashier|games|inhouse|seal|agent-contracts|agent-downlines|agent-reports|referral-rewards|rebates|points|lucky|lottery|cockfight|sports|sports-live|promotions|vip|content|missions|errors|registration-messages)\.ts$/;
const laterContracts = (id: string): string | null => {
  const group = LATER_CONTRACTS.exec(id);
  return group ? `contracts-${group[1]}` : null;
};
const staticFromEntry = new Map<string, boolean>();
function firstLoadChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  const reachable = (moduleId: string, path: Set<string>): boolean => {
    const known = staticFromEntry.get(moduleId);
    if (known !== undefined) return known;
    const info = ctx.getModuleInfo(moduleId);
    if (!info || path.has(moduleId)) return false;
    path.add(moduleId);
    const result = info.isEntry || info.importers.some((importer) => reachable(importer, path));
    path.delete(moduleId);
    if (result || path.size === 0) staticFromEntry.set(moduleId, result);
    return result;
  };
  if (laterContracts(id)) return null;
  // The carousel serves the footer of every page and the home page: part of the shell rather
  // than a small chunk of its own (a request, and less for gzip to share).
  if (/[\\/]components[\\/]ui[\\/]carousel(-icons)?\.tsx?$/.test(id)) return 'index';
  // Likewise the QR code of the side menu's downloads, which the referral page shares.
  if (/[\\/]features[\\/]downloads[\\/]components[\\/]qr-code\.tsx$/.test(id)) return 'index';
  // Likewise the vendor icons of the footer's vendor carousel, which the wide header's category
  // row (a chunk of its own) shares.
  if (/[\\/]features[\\/]navigation[\\/]components[\\/]vendor-icon\.tsx$/.test(id)) return 'index';
  // Likewise the game card and the lobby reads of the home page's game sections, which the game
  // pages share: three tiny chunks of their own otherwise, each a request on the first load.
  if (/[\\/]features[\\/]games[\\/](components[\\/]game-card|api[\\/]get-(hot-games|game-list))\.tsx?$/.test(id)) {
    return 'index';
  }
  // The customer-service button (side menu, widget, status pages) and the money formats (home's
  // winners board, the header balance) serve the first screen too, not only the lazy parts.
  if (
    /[\\/](components[\\/]ui[\\/](customer-service-button|channel-icon)\.tsx|packages[\\/]money[\\/]src[\\/]index\.ts)$/.test(
      id,
    )
  ) {
    return 'index';
  }
  if (!reachable(id, new Set())) return null;
  return /[\\/]node_modules[\\/]/.test(id) ? 'framework' : 'index';
}

/**
 * The app shell, as the build names it: the entry chunk with everything it imports statically,
 * their styles, the language chunks (loaded before the first render) and the shell's side menu,
 * footer and widget (rendered just after it, app/routes/site-extras.tsx). Filled while the
 * bundle is written, read when the service worker's precache list is made.
 */
const shell = new Set<string>();
const appShell: Plugin = {
  name: 'khela-app-shell',
  apply: 'build',
  buildStart() {
    staticFromEntry.clear();
  },
  generateBundle(_options, bundle) {
    shell.clear();
    const visit = (fileName: string) => {
      const output = bundle[fileName];
      if (!output || shell.has(fileName)) return;
      shell.add(fileName);
      if (output.type !== 'chunk') return;
      output.imports.forEach(visit);
      output.viteMetadata?.importedCss.forEach((css) => shell.add(css));
    };
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      const module = output.facadeModuleId ?? '';
      if (output.isEntry || /\/src\/locales\/[a-z]+\.ts$/.test(module) || module.endsWith('/site-extras.tsx')) {
        visit(output.fileName);
      }
    }
  },
};

/**
 * Issue 3 item 10, the installable site: web app manifest and a service worker (production
 * builds only). It precaches the app shell and the Bengali font (not every route: a first visit
 * on a phone should not download the whole site), keeps the hashed files of visited routes as
 * they are fetched, and answers client-side routes with index.html. API calls are never
 * cached: no rule matches them and SERVER_PATHS never get the app shell.
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  // An external <script defer> (the server's CSP allows no inline script); registers after load.
  injectRegister: 'script-defer',
  includeAssets: [],
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Khela — খেলা',
    short_name: 'Khela',
    description: 'খেলা — ক্রিকেট, ফুটবল, লাইভ ক্যাসিনো ও স্লট · Cricket, football, live casino and slots',
    lang: 'bn',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The default (dark) theme of styles/tokens.css: --color-bg.
    theme_color: '#0b1020',
    background_color: '#0b1020',
    categories: ['games', 'entertainment', 'sports'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: [
      'index.html',
      'first-calls.js',
      'warm-intl.js',
      'icons/*.{png,svg}',
      'default-game-icon.svg',
      'assets/*',
    ],
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
    // Of the hashed files, the shell and the woff2 fonts (the .woff fallbacks are for browsers
    // without service workers anyway).
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url) || e.url.endsWith('.woff2')),
        warnings: [],
      }),
    ],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [SERVER_PATHS],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        // Route chunks, their styles and images under /assets: content-hashed, so never stale.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'khela-assets', expiration: { maxEntries: 150, maxAgeSeconds: 60 * 24 * 3600 } },
      },
    ],
  },
});

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    contractsOnZodMini,
    contractsWithoutSummaries,
    noSyncStoreShim,
    appShell,
    firstCallsStartsTheApp,
    compileHintsForTheShell,
    minifyFirstCalls,
    pwa,
    precompress(),
  ],
  resolve: {
    // react-router's package exports only its development build (dev warnings included); the
    // production build is the same code with them compiled out.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: join(dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    modulePreload: {
      polyfill: false,
      // The agent centre's pages (issue 13), and the pages a visitor reaches from the home page
      // only after logging in or a few clicks in, and the home's hot matches lane, loaded below the
      // fold (LATER_PAGE_CHUNK), load their own imports when opened, without a preload list in the
      // shell: their names would cost the first load.
      // The shell's own scripts are loaded before anything can be imported lazily: listing them in
      // every preload list cost the first load bytes and nothing else.
      resolveDependencies: (file, deps) =>
        AGENT_PAGE_CHUNK.test(file) || LATER_PAGE_CHUNK.test(file)
          ? deps.filter((dep) => dep.endsWith('.css') && !SHELL_SCRIPT.test(dep))
          : deps.filter((dep) => !SHELL_SCRIPT.test(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: firstLoadChunk, debugName: 'first-load', priority: 2 },
            { name: laterContracts, debugName: 'later-contracts', priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { '/wps': api, '/lgw': api, '/admin': api, '/api-docs': api, '/sandbox': api } },
}));
