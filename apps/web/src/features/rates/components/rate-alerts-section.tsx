import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RATE_CURRENCIES, RATE_TEXT } from '@pago/shared/contracts/rates';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import { errorText } from '@/lib/error-text';
import { formatRate, useLocale } from '@/lib/format';
import { useCreateRateAlert, useDeleteRateAlert, useRateAlerts } from '../api/rates';

/** "18,50" or "18.50" as the API's "18.50". */
export function rateInput(text: string): string | null {
  const normalized = text.trim().replace(',', '.');
  return RATE_TEXT.test(normalized) ? normalized : null;
}

/** Rate alerts: "tell me when 1 USD ≥ 18.50 MXN", the list and a form to add one. */
export function RateAlertsSection({ currency: initial }: { currency: string }) {
  const { t } = useTranslation(['rates', 'errors']);
  const locale = useLocale();
  const alerts = useRateAlerts();
  const create = useCreateRateAlert();
  const remove = useDeleteRateAlert();
  const [currency, setCurrency] = useState(initial);
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const targetRate = rateInput(target);
    setProblem(targetRate === null);
    if (targetRate === null) return;
    create.mutate({ currency: currency as never, targetRate }, { onSuccess: () => setTarget('') });
  }

  return (
    <Box component="section" aria-labelledby="rate-alerts-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="rate-alerts-title" variant="h6" component="h2">
        {t('alerts.title')}
      </Typography>
      <Typography color="text.secondary">{t('alerts.intro')}</Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField
            select
            label={t('alerts.currency')}
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
            slotProps={{ select: { native: true } }}
          >
            {RATE_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </TextField>
          <TextField
            label={t('alerts.target', { currency })}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            error={problem}
            helperText={problem ? t('alerts.invalid') : t('alerts.hint', { currency })}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
        </Box>
        {create.isError && (
          <Alert severity="error" role="alert">
            {errorText(t, create.error) ?? t('alerts.failed')}
          </Alert>
        )}
        {create.isSuccess && (
          <Alert severity="success" role="status">
            {t('alerts.created')}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending}
          sx={{ justifySelf: { sm: 'start' } }}
        >
          {t('alerts.create')}
        </Button>
      </Box>
      {alerts.data && alerts.data.length > 0 && (
        <List aria-label={t('alerts.list')} disablePadding>
          {alerts.data.map((alert) => (
            <ListItem
              key={alert.id}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('alerts.delete', {
                    rate: formatRate(alert.targetRate, locale),
                    currency: alert.currency,
                  })}
                  onClick={() => remove.mutate(alert.id)}
                  disabled={remove.isPending}
                >
                  <CloseIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={t('alerts.item', {
                  rate: formatRate(alert.targetRate, locale),
                  currency: alert.currency,
                })}
                secondary={
                  alert.lastFiredOn
                    ? t('alerts.firedOn', {
                        date: new Intl.DateTimeFormat(locale, {
                          day: 'numeric',
                          month: 'short',
                          timeZone: 'UTC',
                        }).format(new Date(`${alert.lastFiredOn}T12:00:00Z`)),
                      })
                    : t('alerts.waiting')
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
