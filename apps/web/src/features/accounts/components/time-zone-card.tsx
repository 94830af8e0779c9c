import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@pago/shared/contracts/accounts';
import { CORRIDORS } from '@pago/shared/fees';
import { CORRIDOR_TIME_ZONES, timeZoneForZip, US_TIME_ZONES } from '@pago/shared/time-zones';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { errorText } from '@/lib/error-text';
import { PROFILE_UPDATED } from '@/lib/events';
import { useLocale } from '@/lib/format';
import { updateProfile } from '../api/profile';

/** "Chicago · hora central": the zone's main city and its name in the app's language. */
export function zoneLabel(zone: string, locale: 'es' | 'en'): string {
  const city = (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
  const name = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-US', {
    timeZone: zone,
    timeZoneName: 'longGeneric',
  })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${city} · ${name}` : city;
}

/**
 * The time zone the user reads times in: their ZIP code's (the default), one of the U.S. zones, or
 * one of the zones of the countries they send money to. Saved with the profile
 * (PUT /api/user/profile `timeZone`; null goes back to the ZIP code's).
 */
export function TimeZoneCard({ user }: { user: UserProfile }) {
  const { t } = useTranslation(['accountDetails', 'errors']);
  const locale = useLocale();
  const chosen = user.timeZoneChosen ? (user.timeZone ?? '') : '';
  const [value, setValue] = useState(chosen);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const zipZone = timeZoneForZip(user.zipCode);

  const save = async () => {
    setBusy(true);
    setNotice(null);
    try {
      await updateProfile({
        name: user.name,
        username: user.username,
        email: user.email,
        timeZone: value || null,
      });
      window.dispatchEvent(new Event(PROFILE_UPDATED));
      setNotice({ error: false, text: t('timeZone.saved') });
    } catch (failure) {
      setNotice({ error: true, text: errorText(t, failure) ?? t('timeZone.saveFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title={t('timeZone.label')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('timeZone.help')}
        </Typography>
        {notice && (
          <Alert
            severity={notice.error ? 'error' : 'success'}
            role={notice.error ? 'alert' : 'status'}
          >
            {notice.text}
          </Alert>
        )}
        <TextField
          select
          label={t('timeZone.label')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('timeZone.fromZip', { zone: zoneLabel(zipZone, locale) })}</option>
          <optgroup label={t('timeZone.usGroup')}>
            {US_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone, locale)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('timeZone.corridorGroup')}>
            {CORRIDORS.flatMap((c) => CORRIDOR_TIME_ZONES[c.country]).map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone, locale)}
              </option>
            ))}
          </optgroup>
        </TextField>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || value === chosen}
          sx={{ justifySelf: 'start' }}
        >
          {t('timeZone.save')}
        </Button>
      </Box>
    </SectionCard>
  );
}
