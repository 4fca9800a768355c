import { useEffect } from 'react';
import { checkForUpdate, reloadUrl, RELOAD_AFTER_UPDATE_MS, UPDATE_CHECK_INTERVAL_MS } from '../../lib/update-check';

/** Runs the update check at start-up and every 5 minutes; on change reloads after 1 s with `rv`. */
export function UpdateChecker() {
  useEffect(() => {
    if (import.meta.env.DEV) return;
    let stopped = false;
    const run = async () => {
      try {
        if (await checkForUpdate(fetch, localStorage)) {
          setTimeout(() => !stopped && window.location.assign(reloadUrl(window.location)), RELOAD_AFTER_UPDATE_MS);
        }
      } catch (e) {
        console.info('update check failed', e);
      }
    };
    void run();
    const id = setInterval(run, UPDATE_CHECK_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(id);
    };
  }, []);
  return null;
}
