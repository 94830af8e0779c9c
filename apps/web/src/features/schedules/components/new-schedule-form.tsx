import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usernameSchema } from '@pago/shared/contracts/accounts';
import type { Recipient } from '@pago/shared/contracts/remittances';
import type { CreateScheduleBody } from '@pago/shared/contracts/schedules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { ScheduleForm } from './schedule-form';

/** Whom a new schedule sends to: a saved recipient abroad, or a Pago user by @username. */
export type ScheduleTarget = 'abroad' | 'pago';

/** "@Maria.Lopez " as typed → "Maria.Lopez": the @ is how people write it, not part of it. */
export function typedUsername(text: string): string {
  return text.trim().replace(/^@/, '');
}

/**
 * "Nuevo envío programado": whom (a saved recipient abroad, or a Pago user), then the amount and
 * the rule. `failure` is the last create's error; `myUsername` is refused before asking the server.
 */
export function NewScheduleForm({
  recipients,
  myUsername,
  busy,
  failure,
  onChange,
  onCreate,
}: {
  /** The saved recipients; undefined while they load. */
  recipients: Recipient[] | undefined;
  myUsername: string | undefined;
  busy: boolean;
  failure: unknown;
  /** Whom changed (the choice, the recipient, the username): an earlier refusal no longer applies. */
  onChange(): void;
  onCreate(body: CreateScheduleBody): void;
}) {
  const { t } = useTranslation(['schedules', 'errors']);
  const [target, setTarget] = useState<ScheduleTarget>('abroad');
  const [recipientId, setRecipientId] = useState('');
  const [payee, setPayee] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [payeeProblem, setPayeeProblem] = useState(false);
  const [asked, setAsked] = useState('');
  const choiceId = useId();
  const noneSaved = recipients !== undefined && recipients.length === 0;

  const choose = (next: ScheduleTarget) => {
    setTarget(next);
    setProblem(null);
    setPayeeProblem(false);
    onChange();
  };

  // The server answers 404 on `payeeUsername` for a username no open account has (or one's own).
  const payeeUnknown =
    failure instanceof ApiError &&
    failure.code === 'not_found' &&
    failure.details?.field === 'payeeUsername';
  const failureText = !failure
    ? null
    : payeeUnknown
      ? t('form.payeeNotFound', { username: asked })
      : (errorText(t, failure) ?? t('failed'));

  const submit = (values: Parameters<typeof onCreate>[0]) => {
    if (target === 'abroad') {
      if (!recipientId) return setProblem(t('form.recipientRequired'));
      setProblem(null);
      return onCreate({ ...values, recipientId });
    }
    const username = typedUsername(payee);
    const valid = usernameSchema.safeParse(username);
    if (!valid.success) {
      setPayeeProblem(true);
      return setProblem(t('form.payeeInvalid'));
    }
    if (myUsername && username.toLowerCase() === myUsername.toLowerCase()) {
      setPayeeProblem(true);
      return setProblem(t('form.payeeSelf'));
    }
    setProblem(null);
    setPayeeProblem(false);
    setAsked(valid.data);
    // Speed is the remittance's: a payment to a Pago user arrives at once.
    const { speed: _speed, ...rest } = values;
    return onCreate({ ...rest, payeeUsername: valid.data });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormControl>
        <FormLabel id={choiceId} sx={{ mb: 0.5 }}>
          {t('form.to')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={choiceId}
          name="schedule-target"
          value={target}
          onChange={(e) => choose(e.target.value as ScheduleTarget)}
        >
          <FormControlLabel value="abroad" control={<Radio />} label={t('form.toAbroad')} />
          <FormControlLabel value="pago" control={<Radio />} label={t('form.toPago')} />
        </RadioGroup>
      </FormControl>
      {target === 'abroad' && noneSaved ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography>{t('noRecipients')}</Typography>
          <Button component={RouterLink} to="/send" variant="outlined">
            {t('addRecipient')}
          </Button>
        </Box>
      ) : (
        <ScheduleForm
          submitLabel={t('form.create')}
          busy={busy}
          error={problem ?? failureText}
          onSubmit={submit}
        >
          {target === 'abroad' ? (
            <TextField
              select
              required
              label={t('form.recipient')}
              value={recipientId}
              error={problem !== null && !recipientId}
              onChange={(e) => {
                setRecipientId(e.target.value);
                setProblem(null);
                onChange();
              }}
            >
              {(recipients ?? []).map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.fullName} ({r.country})
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              required
              label={t('form.payee')}
              value={payee}
              onChange={(e) => {
                // The field shows the @ already: one typed or pasted with the name is dropped.
                setPayee(e.target.value.replace(/^\s*@/, ''));
                setPayeeProblem(false);
                setProblem(null);
                onChange();
              }}
              error={payeeProblem || payeeUnknown}
              helperText={t('form.payeeHint')}
              autoComplete="off"
              slotProps={{
                htmlInput: { autoCapitalize: 'none', spellCheck: false },
                input: { startAdornment: <InputAdornment position="start">@</InputAdornment> },
              }}
            />
          )}
        </ScheduleForm>
      )}
    </Box>
  );
}
