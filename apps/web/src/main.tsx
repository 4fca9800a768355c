import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { initI18n } from './app/i18n';
import { initTheme } from './lib/theme';
import { FALLBACK_LANG, toUrlLang } from './lib/locale';
import { App } from './app/App';

initTheme();
// Render once the shell's translations (one language, a few small namespaces) are loaded.
void initI18n(toUrlLang(window.location.pathname.split('/')[1]) ?? FALLBACK_LANG).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
