import { useEffect } from 'react';
import { dismissToast, showToast, TOAST_LIFE_MS } from '../../lib/toast';

/** Offline → a persistent error toast; online → it closes, and after 500 ms a success toast for 2500 ms. */
export const NETWORK_RESTORED_DELAY_MS = 500;

export function NetworkStatus() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const offline = () => {
      if (timer) clearTimeout(timer);
      showToast({ id: 'network', kind: 'error', messageKey: 'shell:network.offline', life: null });
    };
    const online = () => {
      dismissToast('network');
      timer = setTimeout(() => showToast({ id: 'network-restored', kind: 'success', messageKey: 'shell:network.restored', life: TOAST_LIFE_MS }), NETWORK_RESTORED_DELAY_MS);
    };
    if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return null;
}
