import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { initI18n } from './app/i18n';
import { initTheme } from './lib/theme';
import { FALLBACK_LANG, toUrlLang } from './lib/locale';
import { App } from './app/App';
import { preloadPage } from './app/routes';

initTheme();
// Render once the shell's translations (one language, a few small namespaces) are loaded; the
// page's code and translations load meanwhile.
const i18nReady = initI18n(toUrlLang(window.location.pathname.split('/')[1]) ?? FALLBACK_LANG);
preloadPage(window.location.pathname);
void i18nReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
