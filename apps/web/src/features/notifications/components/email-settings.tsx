import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { NotificationSettings } from '@pago/shared/contracts/notifications';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

type EmailType = keyof NotificationSettings['email'];

/**
 * Which notifications also come by e-mail and by push (to the devices where it is turned on),
 * two switches per type; saved as each is flipped.
 */
export function EmailSettings() {
  const { t } = useTranslation('notifications');
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  return (
    <Box component="section" aria-labelledby="notification-email-heading" sx={{ mt: 4 }}>
      <Typography id="notification-email-heading" variant="h6" component="h2" gutterBottom>
        {t('email.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('email.intro')}
      </Typography>
      {settings.isPending ? (
        <Loading>
          <Skeleton variant="rounded" height={200} />
        </Loading>
      ) : settings.isError ? (
        <LoadFailed message={t('email.loadFailed')} onRetry={() => settings.refetch()} />
      ) : (
        <Box
          role="group"
          aria-labelledby="notification-email-heading"
          sx={{ display: 'grid', gridTemplateColumns: '1fr auto auto', alignItems: 'center' }}
        >
          <span />
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('email.channelEmail')}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('email.channelPush')}
          </Typography>
          {(Object.keys(settings.data.email) as EmailType[]).map((type) => {
            const label = t(`email.types.${type}`);
            const push = settings.data.push;
            return (
              <Fragment key={type}>
                <Typography>{label}</Typography>
                <Switch
                  checked={settings.data.email[type]}
                  slotProps={{ input: { 'aria-label': `${label}: ${t('email.channelEmail')}` } }}
                  onChange={(event) =>
                    save.mutate({
                      email: { ...settings.data.email, [type]: event.target.checked },
                    })
                  }
                />
                <Switch
                  checked={push?.[type] ?? true}
                  disabled={!push}
                  slotProps={{ input: { 'aria-label': `${label}: ${t('email.channelPush')}` } }}
                  onChange={(event) =>
                    push &&
                    save.mutate({
                      email: settings.data.email,
                      push: { ...push, [type]: event.target.checked },
                    })
                  }
                />
              </Fragment>
            );
          })}
        </Box>
      )}
      {save.isError && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {t('email.saveFailed')}
        </Typography>
      )}
    </Box>
  );
}
