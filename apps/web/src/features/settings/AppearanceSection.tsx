import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui';
import { setTheme } from '../../lib/theme';
import { useTheme } from '../../lib/use-theme';
import { Row } from './settings-ui';

/** Appearance: the light/dark theme as a radio group. */
export function AppearanceSection() {
  const { t } = useTranslation('settings');
  const theme = useTheme();
  return (
    <Panel title={t('sections.appearance')}>
      <div className="px-4">
        <Row label={t('theme.label')}>
          <div role="radiogroup" aria-label={t('theme.label')} className="inline-flex rounded-md border border-border p-0.5">
            {(['light', 'dark'] as const).map((v) => (
              <button
                key={v}
                type="button"
                role="radio"
                aria-checked={theme === v}
                onClick={() => setTheme(v)}
                className={`rounded px-3 py-1 text-[13px] ${theme === v ? 'bg-primary-600 text-white' : 'text-muted hover:text-fg'}`}
              >
                {t(`theme.${v}`)}
              </button>
            ))}
          </div>
        </Row>
      </div>
    </Panel>
  );
}
