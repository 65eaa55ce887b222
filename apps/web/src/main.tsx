import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/bengali-600.css';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/index.tsx';
import { initI18n } from './lib/i18n.ts';

await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
