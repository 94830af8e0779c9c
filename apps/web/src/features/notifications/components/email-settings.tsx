import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { NotificationSettings } from '@pago/shared/contracts/notifications';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

type EmailType = keyof NotificationSettings['email'];

/** Which notifications also come by e-mail, one switch per type; saved as each is flipped. */
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
        <FormGroup>
          {(Object.keys(settings.data.email) as EmailType[]).map((type) => (
            <FormControlLabel
              key={type}
              label={t(`email.types.${type}`)}
              control={
                <Switch
                  checked={settings.data.email[type]}
                  onChange={(event) =>
                    save.mutate({
                      email: { ...settings.data.email, [type]: event.target.checked },
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
      )}
      {save.isError && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {t('email.saveFailed')}
        </Typography>
      )}
    </Box>
  );
}
