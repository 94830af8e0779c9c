import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CloseConditions, ClosedAccount } from '@pago/shared/contracts/account-rights';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatCurrency, useLocale } from '@/lib/format';
import { clearStoredToken, clearStoredVerificationService } from '@/lib/session-storage';
import { closeAccount, useCloseConditions } from '../api/account-rights';
import { ConfirmFields, type Notice, NoticeArea } from './confirm-fields';

type Blocker = CloseConditions['blockers'][number];

/** "27 de noviembre de 2031": a day with its year (the records' end is years away). */
const longDate = (iso: string, locale: 'es' | 'en') =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-US', { dateStyle: 'long' }).format(
    new Date(iso),
  );

/** Where each blocker is settled: the balance is withdrawn from the home screen's "Agregar dinero". */
const BLOCKER_LINKS: Partial<Record<Blocker['code'], string>> = {
  balance: '/dashboard?agregar',
  owed: '/dashboard?agregar',
  pending_money: '/activity',
};

/**
 * "Cerrar mi cuenta": what must be settled first (each with where to do it), what closing does,
 * the password (and code), then the confirmation. A closed account's session is over: "Listo"
 * leaves for the start page.
 */
export function CloseAccountDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['accountRights', 'errors']);
  const locale = useLocale();
  const conditions = useCloseConditions(true);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [closed, setClosed] = useState<ClosedAccount | null>(null);
  const data = conditions.data;
  const needsCode = data?.twoStepRequired === true;

  const blockerText = (blocker: Blocker) =>
    t(`close.blockers.${blocker.code}`, {
      amount:
        blocker.amountCents === undefined
          ? ''
          : formatCurrency((blocker.amountCents / 100).toFixed(2), 'USD', locale),
      count: blocker.count ?? 0,
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      setClosed(
        await closeAccount({
          password,
          ...(needsCode ? { twoStepCode: code.trim() } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        }),
      );
    } catch (failure) {
      const wrong = failure instanceof ApiError && failure.code === 'invalid_credentials';
      setNotice({
        error: true,
        text: wrong ? t('wrongPassword') : (errorText(t, failure) ?? t('close.failed')),
      });
      if (failure instanceof ApiError && failure.code === 'account_not_closable') {
        await conditions.refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  // The server ended every session of the account: forget the token and start afresh.
  const leave = () => {
    clearStoredToken();
    clearStoredVerificationService();
    window.location.assign('/');
  };

  if (closed) {
    return (
      <ResponsiveDialog open onClose={leave} title={t('close.doneTitle')}>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Alert severity="success" role="status">
            {t('close.done', { date: longDate(closed.closedAt, locale) })}
          </Alert>
          <Typography>
            {t('close.doneKept', { date: longDate(closed.recordsKeptUntil, locale) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('close.doneEmail')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={leave}>
            {t('close.leave')}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    );
  }

  return (
    <ResponsiveDialog open onClose={onClose} title={t('close.title')}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {!data && conditions.isLoading && <CircularProgress aria-label={t('loading')} />}
          {conditions.isError && (
            <Alert severity="error">{errorText(t, conditions.error) ?? t('close.failed')}</Alert>
          )}
          {data && !data.closable && (
            <Alert severity="warning" aria-label={t('close.notYet')}>
              <Typography sx={{ fontWeight: 700, mb: 1 }}>{t('close.notYet')}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
                {data.blockers.map((blocker) => {
                  const to = BLOCKER_LINKS[blocker.code];
                  return (
                    <li key={blocker.code}>
                      {blockerText(blocker)}{' '}
                      {to && (
                        <Link component={RouterLink} to={to}>
                          {t(`close.blockerActions.${blocker.code}`)}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </Box>
            </Alert>
          )}
          {data && (
            <>
              <Typography sx={{ fontWeight: 700 }}>{t('close.whatHappens')}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
                {(t('close.effects', { returnObjects: true }) as string[]).map((line) => (
                  <Typography component="li" variant="body2" key={line}>
                    {line}
                  </Typography>
                ))}
                {data.effects.openRequests > 0 && (
                  <Typography component="li" variant="body2">
                    {t('close.openRequests', { count: data.effects.openRequests })}
                  </Typography>
                )}
                {data.effects.billSchedules > 0 && (
                  <Typography component="li" variant="body2">
                    {t('close.billSchedules', { count: data.effects.billSchedules })}
                  </Typography>
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('close.kept')}
              </Typography>
              <Typography variant="body2">
                {t('close.downloadFirst')}{' '}
                <Link component={RouterLink} to="/profile#tus-datos" onClick={onClose}>
                  {t('download.button')}
                </Link>
              </Typography>
            </>
          )}
          <NoticeArea notice={notice} />
          {data?.closable && (
            <>
              <TextField
                label={t('close.reason')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
              <ConfirmFields
                password={password}
                onPassword={setPassword}
                code={code}
                onCode={setCode}
                needsCode={needsCode}
                disabled={busy}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          {data?.closable && (
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={busy || !password || (needsCode && !code.trim())}
            >
              {busy ? t('close.busy') : t('close.submit')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  );
}
