import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui';
import { setTheme } from '../../lib/theme';
import { useTheme } from '../../lib/use-theme';
import { setPriceColors, type PriceColors } from '../../lib/price-colors';
import { usePriceColors } from '../../lib/use-price-colors';
import { Row } from './settings-ui';

/** Appearance: the light/dark theme and the rise/fall colour convention, each as a radio group. */
export function AppearanceSection() {
  const { t } = useTranslation('settings');
  const theme = useTheme();
  const priceColors = usePriceColors();
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
        <Row label={t('priceColors.label')}>
          <div role="radiogroup" aria-label={t('priceColors.label')} className="inline-flex rounded-md border border-border p-0.5">
            {(['green-up', 'red-up'] as const satisfies readonly PriceColors[]).map((v) => (
              <button
                key={v}
                type="button"
                role="radio"
                aria-checked={priceColors === v}
                onClick={() => setPriceColors(v)}
                className={`inline-flex items-center gap-1.5 rounded px-3 py-1 text-[13px] ${priceColors === v ? 'bg-primary-600 text-white' : 'text-muted hover:text-fg'}`}
              >
                <span aria-hidden="true" className="inline-flex gap-0.5 rounded bg-surface px-1 text-[11px] leading-4">
                  <span style={{ color: v === 'red-up' ? 'var(--cl-swatch-red)' : 'var(--cl-swatch-green)' }}>▲</span>
                  <span style={{ color: v === 'red-up' ? 'var(--cl-swatch-green)' : 'var(--cl-swatch-red)' }}>▼</span>
                </span>
                {t(`priceColors.${v}`)}
              </button>
            ))}
          </div>
        </Row>
      </div>
    </Panel>
  );
}
