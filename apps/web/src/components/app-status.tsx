import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, onUpdateWaiting, updateWaiting } from '@/lib/service-worker';

/**
 * What the installed app says about itself on every page: offline (the cached shell is showing;
 * the data is what was last loaded), and a new version waiting, with "Actualizar" to switch to it
 * (docs/push.md: the new service worker waits for the person's choice).
 */
export function AppStatus() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [update, setUpdate] = useState(updateWaiting);

  useEffect(() => {
    // The browser's flag says when there is no network at all; a network that cannot reach Pago
    // (a captive portal, the server down) shows as a liveness check that does not answer. The
    // check is asked again every 20 seconds while offline, so the notice goes when Pago is back.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const probe = async () => {
      clearTimeout(timer);
      // The built app only: under test and on the dev server the browser's flag alone.
      const reachable =
        navigator.onLine &&
        (!import.meta.env.PROD ||
          (await fetch('/api/health/live', { cache: 'no-store' }).then(
            () => true,
            () => false,
          )));
      if (!live) return;
      setOnline(reachable);
      if (!reachable) timer = setTimeout(probe, 20_000);
    };
    const off = () => setOnline(false);
    const on = () => void probe();
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    void probe();
    const stop = onUpdateWaiting(() => setUpdate(updateWaiting()));
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
      stop();
    };
  }, []);

  return (
    <>
      {!online && (
        <Alert severity="info" role="status" sx={{ borderRadius: 0 }}>
          {t('appStatus.offline')}
        </Alert>
      )}
      {update && (
        <Alert
          severity="info"
          role="status"
          sx={{ borderRadius: 0 }}
          action={
            <Button color="inherit" size="small" onClick={applyUpdate}>
              {t('appStatus.update')}
            </Button>
          }
        >
          {t('appStatus.updateReady')}
        </Alert>
      )}
    </>
  );
}
