import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LinkedBankAccount, PlaidBalanceResponse } from '@pago/shared/contracts/plaid';
import type { Cents } from '@pago/shared/money';
import { formatUsd } from '@pago/shared/money';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { errorText } from '@/lib/error-text';
import { useLocale } from '@/lib/format';
import { loadPlaid, type PlaidLinkHandler } from '@/lib/plaid-link';
import { useClearSuccess } from '@/lib/use-clear-success';
import {
  createLinkToken,
  useAccountBalance,
  useExchangeToken,
  useLinkedAccounts,
  useRepairBank,
  useUnlinkBank,
} from '../api/plaid';

type Message = { severity: 'success' | 'error'; text: string };

/**
 * The dashboard's External Bank Accounts: Connect Bank Account (Plaid Link, loaded on demand),
 * the linked accounts with institution, mask and type, a Balance button each, and unlinking a
 * bank after a confirmation. The 'plaid' translations load with it, behind its own placeholder.
 */
export function ExternalBankAccounts() {
  return (
    <Suspense fallback={<AccountsSkeleton />}>
      <BankAccounts />
    </Suspense>
  );
}

function AccountsSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('status.loading')}>
      <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={72} />
    </Box>
  );
}

function BankAccounts() {
  const { t, i18n } = useTranslation('plaid');
  const accounts = useLinkedAccounts();
  const exchange = useExchangeToken();
  const repair = useRepairBank();
  const [message, setMessage] = useState<Message | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedBankAccount | null>(null);
  const handler = useRef<PlaidLinkHandler | null>(null);
  useClearSuccess(message, () => setMessage(null));
  useEffect(() => () => handler.current?.destroy(), []);

  /** After Link: a new bank's public token is exchanged; an update-mode login is checked. */
  const finishLink = (itemId: string | undefined, publicToken: string, institution: unknown) => {
    const done = {
      onSuccess: () =>
        setMessage({ severity: 'success', text: itemId ? t('reconnected') : t('connected') }),
      onError: (failure: unknown) =>
        setMessage({
          severity: 'error',
          text: errorText(t, failure) ?? t('errors.connectAccount'),
        }),
      onSettled: () => setConnecting(false),
    };
    if (itemId) return repair.mutate(itemId, done);
    exchange.mutate(
      {
        public_token: publicToken,
        institution_name: typeof institution === 'string' ? institution : t('unknownBank'),
      },
      done,
    );
  };

  /** Opens Plaid Link: to link a new bank, or (itemId) to sign in to a linked one again. */
  const openLink = async (itemId?: string) => {
    setMessage(null);
    setConnecting(true);
    try {
      const language = i18n.language === 'en' ? 'en' : 'es';
      const { link_token, scriptUrl } = await createLinkToken(language, itemId);
      const Plaid = await loadPlaid(scriptUrl);
      handler.current?.destroy();
      handler.current = Plaid.create({
        token: link_token,
        onSuccess: (publicToken, metadata) =>
          finishLink(
            itemId,
            publicToken,
            (metadata.institution as { name?: unknown } | null | undefined)?.name,
          ),
        onExit: (error) => {
          setConnecting(false);
          if (error) setMessage({ severity: 'error', text: t('errors.connectBank') });
        },
      });
      handler.current.open();
    } catch (failure) {
      setConnecting(false);
      setMessage({ severity: 'error', text: errorText(t, failure) ?? t('errors.connectBank') });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Box>
        <Button variant="contained" onClick={() => void openLink()} disabled={connecting}>
          {connecting ? t('connecting') : t('connect')}
        </Button>
      </Box>
      <Box aria-live="polite">
        {message && (
          <Alert severity={message.severity} onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        )}
      </Box>
      {accounts.isPending ? (
        <Loading>
          <Skeleton variant="rounded" height={72} />
        </Loading>
      ) : accounts.isError ? (
        <LoadFailed message={t('errors.loadAccounts')} onRetry={() => accounts.refetch()} />
      ) : accounts.data.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {accounts.data.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              onUnlink={() => setUnlinking(account)}
              onSignIn={connecting ? undefined : () => void openLink(account.itemId)}
            />
          ))}
        </Stack>
      )}
      {unlinking && (
        <UnlinkDialog
          account={unlinking}
          others={(accounts.data ?? []).filter((a) => a.itemId === unlinking.itemId)}
          onClose={() => setUnlinking(null)}
          onUnlinked={() => {
            setUnlinking(null);
            setMessage({
              severity: 'success',
              text: t('unlink.done', { institution: unlinking.institution }),
            });
          }}
        />
      )}
    </Stack>
  );
}

function AccountRow({
  account,
  onUnlink,
  onSignIn,
}: {
  account: LinkedBankAccount;
  onUnlink: () => void;
  /** Link's update mode for this account's bank (absent while Link is open). */
  onSignIn: (() => void) | undefined;
}) {
  const { t } = useTranslation('plaid');
  const locale = useLocale();
  const balance = useAccountBalance();
  const [shown, setShown] = useState<PlaidBalanceResponse['balance'] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const nameId = useId();
  const money = (cents: number | null) =>
    cents === null ? t('balance.unknown') : formatUsd(cents as Cents, locale);
  const kind = account.subtype ?? account.type;

  const readBalance = () => {
    setFailed(null);
    balance.mutate(account, {
      onSuccess: (answer) => setShown(answer.balance),
      onError: (failure) => {
        setShown(null);
        setFailed(errorText(t, failure) ?? t('errors.balance'));
      },
    });
  };

  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={nameId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {account.institution}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('account', {
              name: account.name,
              mask: account.mask ?? '',
              kind: t(`kinds.${kind}`, { defaultValue: kind }),
            })}
          </Typography>
          {account.status === 'login_required' && (
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Chip size="small" color="warning" label={t('loginRequired')} />
              <Button size="small" onClick={onSignIn} disabled={!onSignIn}>
                {t('signInAgain')}
              </Button>
            </Stack>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            variant="outlined"
            size="small"
            onClick={readBalance}
            disabled={balance.isPending}
            aria-describedby={nameId}
          >
            {balance.isPending ? t('balance.reading') : t('balance.button')}
          </Button>
          <Button color="error" size="small" onClick={onUnlink} aria-describedby={nameId}>
            {t('unlink.button')}
          </Button>
        </Stack>
      </Stack>
      <Box aria-live="polite">
        {shown && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('balance.shown', {
              available: money(shown.availableCents),
              current: money(shown.currentCents),
            })}
          </Typography>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failed}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

function UnlinkDialog({
  account,
  others,
  onClose,
  onUnlinked,
}: {
  account: LinkedBankAccount;
  others: LinkedBankAccount[];
  onClose: () => void;
  onUnlinked: () => void;
}) {
  const { t } = useTranslation('plaid');
  const unlink = useUnlinkBank();
  const titleId = useId();
  const names = others.map((a) => `${a.name} ••${a.mask ?? ''}`).join(', ');
  return (
    <Dialog open onClose={unlink.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {t('unlink.title', { institution: account.institution })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('unlink.body', { accounts: names })}</DialogContentText>
        {unlink.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(t, unlink.error) ?? t('errors.unlink')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={unlink.isPending}>
          {t('unlink.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={unlink.isPending}
          onClick={() => unlink.mutate(account.itemId, { onSuccess: onUnlinked })}
        >
          {t('unlink.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
