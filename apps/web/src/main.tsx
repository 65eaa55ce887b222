import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// One weight of the Bengali font (preloaded by public/first-calls.js); bold text is synthesised from it.
import '@fontsource/noto-sans-bengali/bengali-400.css';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/index.tsx';
import { firstPageLoaded, startFirstScreen } from './app/first-screen.ts';
import { createRouter } from './app/router.tsx';
import { setApiLanguage } from './lib/api-client.ts';
import { DEFAULT_LANGUAGE, initI18n, storedLanguage } from './lib/i18n.ts';
import { applyTheme, storedTheme } from './lib/theme.ts';

// The stored theme at once, not after the first render: a light-theme visitor sees no dark flash.
applyTheme(storedTheme());
const language = storedLanguage() ?? DEFAULT_LANGUAGE;
setApiLanguage(language);
// i18next's start and the first calls' queries in a task of their own, after the one that evaluates
// the bundle (issue 11: that task was the longest of the app's own, ~18-36 ms of thread time, about
// half of it these two).
const firstScreen = new Promise((resolve) => {
  setTimeout(() => resolve(Promise.all([initI18n(language), startFirstScreen(window.location.pathname, language)])));
});

// The router in a task of its own, not in the one that evaluates the bundle (issue 11 item 8: each
// main-thread task short, as total blocking time counts them). The first page's chunk is already
// on its way: public/first-calls.js preloads it from the HTML.
setTimeout(() => {
  const router = createRouter();
  // No top-level await: the page chunks import this entry's chunk, and could not load while it waits.
  void Promise.all([firstScreen, firstPageLoaded(router)]).then(() => {
    // A transition render yields to the browser every few milliseconds instead of blocking the
    // main thread for the whole first tree (issue 3 item 11: total blocking time).
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
  });
});
