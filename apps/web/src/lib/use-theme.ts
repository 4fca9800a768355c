import { useSyncExternalStore } from 'react';
import { getTheme, subscribeTheme, type Theme } from './theme';

/** Current theme, re-rendering on change (this tab or another). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, getTheme, () => 'light');
}
