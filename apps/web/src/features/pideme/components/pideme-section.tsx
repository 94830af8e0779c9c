import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PidemeLink } from '@pago/shared/contracts/pideme';
import type { Recipient } from '@pago/shared/contracts/remittances';
import { type CorridorCountry, getCorridor } from '@pago/shared/fees';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatDay, useLocale } from '@/lib/format';
import {
  useCreatePidemeLink,
  usePidemeLink,
  usePidemeRequests,
  useRevokePidemeLink,
} from '../api/pideme';

/** WhatsApp's share link: the person picks the chat, the text is ready. */
function whatsAppUrl(text: string) {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * "Pídeme" on a saved recipient: make the private link, copy it, share it by WhatsApp, turn it
 * off; and the requests of this recipient that wait for an answer.
 */
export function PidemeSection({ recipient }: { recipient: Recipient }) {
  const { t } = useTranslation('pideme');
  const locale = useLocale();
  const link = usePidemeLink(recipient.id);
  const create = useCreatePidemeLink(recipient.id);
  const revoke = useRevokePidemeLink(recipient.id);
  const requests = usePidemeRequests();
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const name = recipient.firstName;
  const waiting = (requests.data?.items ?? []).filter(
    (r) => r.recipientId === recipient.id && r.status === 'pending',
  );
  const failed = create.isError || revoke.isError;

  return (
    <Paper
      component="section"
      aria-labelledby="pideme-title"
      variant="outlined"
      sx={{ p: 2, mt: 3, display: 'grid', gap: 1.5 }}
    >
      <Typography id="pideme-title" variant="h6" component="h2">
        {t('section.title')}
      </Typography>
      {failed && (
        <Alert severity="error" role="alert">
          {t('section.failed')}
        </Alert>
      )}
      {link.data ? (
        <ActiveLink
          link={link.data}
          name={name}
          copied={copied}
          asking={asking}
          revoking={revoke.isPending}
          onCopy={async () => {
            await navigator.clipboard?.writeText(link.data?.url ?? '').catch(() => undefined);
            setCopied(true);
          }}
          onAsk={setAsking}
          onRevoke={() => {
            setAsking(false);
            setCopied(false);
            revoke.mutate(link.data?.id ?? '');
          }}
        />
      ) : (
        <>
          <Typography color="text.secondary">
            {t('section.intro', {
              name,
              currency: getCorridor(recipient.country as CorridorCountry).currency,
            })}
          </Typography>
          <Box>
            <Button
              variant="contained"
              disabled={link.isPending || create.isPending}
              onClick={() => create.mutate()}
            >
              {create.isPending ? t('section.creating') : t('section.create')}
            </Button>
          </Box>
        </>
      )}
      {waiting.length > 0 && (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{t('section.pending')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {waiting.map((r) => (
              <li key={r.id}>
                <Link component={RouterLink} to={`/pideme/requests/${r.id}`}>
                  {t('section.openRequest', {
                    amount: formatCurrency(r.amount, r.currency, locale),
                    reason: r.reason,
                  })}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}

function ActiveLink({
  link,
  name,
  copied,
  asking,
  revoking,
  onCopy,
  onAsk,
  onRevoke,
}: {
  link: PidemeLink;
  name: string;
  copied: boolean;
  asking: boolean;
  revoking: boolean;
  onCopy(): void;
  onAsk(asking: boolean): void;
  onRevoke(): void;
}) {
  const { t } = useTranslation('pideme');
  const locale = useLocale();
  return (
    <>
      <Typography color="text.secondary">
        {t('section.intro', { name, currency: link.currency })}
      </Typography>
      <TextField
        label={t('section.linkLabel', { name })}
        value={link.url}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'pideme-url' } }}
        onFocus={(event) => event.target.select()}
        size="small"
        fullWidth
      />
      <Typography variant="body2" color="text.secondary">
        {t('section.expires', { date: formatDay(link.expiresAt, locale) })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onCopy}>
          {copied ? t('section.copied') : t('section.copy')}
        </Button>
        <Button
          variant="outlined"
          href={whatsAppUrl(t('section.shareText', { name, url: link.url }))}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('section.share')}
        </Button>
        {!asking && (
          <Button color="error" onClick={() => onAsk(true)}>
            {t('section.revoke')}
          </Button>
        )}
      </Box>
      {asking && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography>{t('section.revokeConfirm')}</Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button color="error" variant="outlined" disabled={revoking} onClick={onRevoke}>
              {t('section.revokeYes')}
            </Button>
            <Button onClick={() => onAsk(false)}>{t('section.revokeNo')}</Button>
          </Box>
        </Box>
      )}
    </>
  );
}
