import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { coinDisplayName } from '@coinlens/contracts/common/coin-names';

/**
 * `(coin) => name` in the page's language: the established Chinese name in zh-CN where one exists
 * (比特币, 以太坊 …), otherwise the coin's own name (see `coinDisplayName`).
 */
export function useCoinName(): (coin: { symbol: string; name: string }) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback((coin) => coinDisplayName(coin, lang), [lang]);
}
