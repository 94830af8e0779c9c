import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useInvite } from '../api/colectas';

/** A phone as typed ("(305) 555-0123", "+52 55…") in E.164; a US number without its +1. */
function asInvitee(input: string): string {
  const text = input.trim().replace(/^@/, '');
  if (!/^[+\d\s().-]+$/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/** "Invitar" (organiser): a Pago user by @username or phone. */
export function InviteForm({ colectaId }: { colectaId: string }) {
  const { t } = useTranslation(['colectas', 'errors', 'common']);
  const locale = useLocale();
  const invite = useInvite(colectaId);
  const [feedback, setFeedback] = useFeedback();
  const [invitee, setInvitee] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    const value = asInvitee(invitee);
    if (!value) return;
    try {
      await invite.mutateAsync({ invitee: value });
      setFeedback({ severity: 'success', text: t('invite.done', { name: invitee.trim() }) });
      setInvitee('');
    } catch (failure) {
      setFeedback(
        moneyErrorFeedback(t, failure, 'common:status.genericError', locale, {
          recipient_not_found: 'invite.notFound',
          validation_failed: 'invite.notFound',
        }),
      );
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h2">
        {t('invite.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={t('invite.label')}
          value={invitee}
          onChange={(e) => setInvitee(e.target.value)}
          autoComplete="off"
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          size="large"
          disabled={invite.isPending}
          sx={{ minHeight: 56 }}
        >
          {t('invite.submit')}
        </Button>
      </Box>
      <FeedbackMessage feedback={feedback} />
    </Box>
  );
}
