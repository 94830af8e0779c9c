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
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    const stop = onUpdateWaiting(() => setUpdate(updateWaiting()));
    return () => {
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
