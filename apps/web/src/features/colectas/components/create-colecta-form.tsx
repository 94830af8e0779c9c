import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COLECTA_MAX_TARGET_CENTS } from '@pago/shared/contracts/colectas';
import { parseAmount } from '@pago/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useCreateColecta, useSavedRecipients } from '../api/colectas';

/** Today as YYYY-MM-DD in US Eastern time (a colecta's date is an Eastern day). */
function todayEastern(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

/** "Nueva colecta": what for, the target, which saved recipient, the date, the speed. */
export function CreateColectaForm() {
  const { t } = useTranslation(['colectas', 'errors', 'common']);
  const locale = useLocale();
  const navigate = useNavigate();
  const recipients = useSavedRecipients();
  const create = useCreateColecta();
  const [feedback, setFeedback] = useFeedback();
  const [title, setTitle] = useState('');
  const [target, setTarget] = useState('');
  const [recipientId, setRecipientId] = useState('');
  const [sendBy, setSendBy] = useState(todayEastern());
  const [speed, setSpeed] = useState<'standard' | 'express'>('standard');
  const payable = (recipients.data?.items ?? []).filter((r) => !r.needsUpdate);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    const targetCents = parseAmount(target, locale);
    if (!title.trim() || !targetCents || targetCents > COLECTA_MAX_TARGET_CENTS || !recipientId) {
      setFeedback({ severity: 'error', text: t('create.invalid') });
      return;
    }
    try {
      const colecta = await create.mutateAsync({
        title: title.trim(),
        targetCents,
        recipientId,
        sendBy,
        speed,
      });
      navigate(`/colectas/${colecta.id}`);
    } catch (failure) {
      setFeedback(moneyErrorFeedback(t, failure, 'common:status.genericError', locale));
    }
  };

  if (recipients.isSuccess && payable.length === 0) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography color="text.secondary">{t('create.noRecipients')}</Typography>
        <Button
          component={RouterLink}
          to="/send-home"
          variant="outlined"
          sx={{ justifySelf: 'start' }}
        >
          {t('create.addRecipient')}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label={t('create.name')}
        placeholder={t('create.namePlaceholder')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 80 } }}
        required
      />
      <UsdAmountField
        label={t('create.target')}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        required
      />
      <TextField
        select
        label={t('create.recipient')}
        value={recipientId}
        onChange={(e) => setRecipientId(e.target.value)}
        required
      >
        {payable.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.fullName} ({r.country})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        label={t('create.sendBy')}
        value={sendBy}
        onChange={(e) => setSendBy(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayEastern() } }}
        required
      />
      <TextField
        select
        label={t('create.speed')}
        value={speed}
        onChange={(e) => setSpeed(e.target.value as 'standard' | 'express')}
      >
        <MenuItem value="standard">{t('create.speedStandard')}</MenuItem>
        <MenuItem value="express">{t('create.speedExpress')}</MenuItem>
      </TextField>
      <FeedbackMessage feedback={feedback} />
      <MoneySubmitButton label={t('create.submit')} pending={create.isPending} />
    </Box>
  );
}
