import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disablePush, enablePush, pushSupported, refreshSubscription } from '../api/push';

type State = 'loading' | 'unsupported' | 'off' | 'on' | 'denied' | 'failed';

/**
 * Push on this device: turned on here (the browser's permission, then a subscription for this
 * session), off here; which kinds are pushed is chosen with the e-mails, below.
 */
export function PushDevice() {
  const { t } = useTranslation('push');
  const [state, setState] = useState<State>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushSupported()) {
      setState('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setState('denied');
      return;
    }
    let live = true;
    // A subscription this browser already has is registered again, so "on" is true at the server.
    refreshSubscription()
      .then((subscription) => live && setState(subscription ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<State>) => {
    setBusy(true);
    try {
      setState(await action());
    } catch {
      setState('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="push-device-heading" sx={{ mt: 4 }}>
      <Typography id="push-device-heading" variant="h6" component="h2" gutterBottom>
        {t('device.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('device.intro')}
      </Typography>
      {state === 'unsupported' && <Alert severity="info">{t('device.unsupported')}</Alert>}
      {state === 'denied' && <Alert severity="warning">{t('device.denied')}</Alert>}
      {state === 'failed' && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('device.failed')}
        </Alert>
      )}
      {state === 'on' && (
        <Typography role="status" sx={{ mb: 2, fontWeight: 600 }}>
          {t('device.on')}
        </Typography>
      )}
      {(state === 'off' || state === 'failed') && (
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => run(async () => ((await enablePush()) === 'denied' ? 'denied' : 'on'))}
        >
          {t('device.enable')}
        </Button>
      )}
      {state === 'on' && (
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() =>
            run(async () => {
              await disablePush();
              return 'off';
            })
          }
        >
          {t('device.disable')}
        </Button>
      )}
    </Box>
  );
}
