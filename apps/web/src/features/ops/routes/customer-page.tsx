import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ActionOutcome } from '@pago/shared/contracts/ops';
import type { CustomerView } from '@pago/shared/contracts/ops-customers';
import { cents, formatUsd } from '@pago/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryPending } from '@/components/ui/query-state';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDateTime, useLocale } from '@/lib/format';
import { useStaff } from '@/lib/ops-session';
import { usePageTitle } from '@/lib/page-title';
import { visuallyHidden } from '@/lib/visually-hidden';
import { useCustomer, useCustomerAction } from '../api/ops-queries';
import { ReasonGate, Rows, Section } from './customer-parts';

type Action =
  | { kind: 'freeze' | 'unfreeze' | 'sign-out' | 'close' }
  | { kind: 'refund'; transfer: CustomerView['activity'][number] };

/** One customer: asks why first (the reason goes with every read), then the page and its actions. */
export default function CustomerPage() {
  const { id = '' } = useParams();
  return <Customer key={id} id={id} />;
}

function Customer({ id }: { id: string }) {
  const { t } = useTranslation('ops');
  usePageTitle(t('customer.title'));
  const [reason, setReason] = useState<string | null>(null);
  const customer = useCustomer(id, reason);

  if (reason === null) return <ReasonGate onReason={setReason} />;
  if (!customer.isSuccess) {
    return (
      <QueryPending query={customer} failed={errorText(t, customer.error) ?? t('common.error')} />
    );
  }
  return <CustomerDetails id={id} view={customer.data} />;
}

function CustomerDetails({ id, view }: { id: string; view: CustomerView }) {
  const { t, i18n } = useTranslation(['ops', 'activity']);
  const locale = useLocale();
  const staff = useStaff();
  const action = useCustomerAction(id);
  const [open, setOpen] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const mayFreeze = staff.role === 'compliance' || staff.role === 'admin';
  const { profile, balances } = view;
  const usd = (amount: number) => formatUsd(cents(amount), locale);
  // A few kinds have words per direction (activity.json: kind.p2p.out / kind.p2p.in).
  const kindLabel = (transfer: CustomerView['activity'][number]) =>
    i18n.exists(`activity:kind.${transfer.kind}.${transfer.direction}`)
      ? t(`activity:kind.${transfer.kind}.${transfer.direction}`)
      : t(`activity:kind.${transfer.kind}`, { defaultValue: transfer.kind });

  const confirm = async (reason: string) => {
    if (!open) return;
    if (open.kind === 'refund') {
      const outcome = (await action.mutateAsync({
        path: 'refunds',
        body: { transferId: open.transfer.id, reason },
      })) as ActionOutcome;
      setNotice(
        outcome.status === 'pending' ? t('customer.refundPending') : t('customer.refundDone'),
      );
      return;
    }
    await action.mutateAsync({ path: open.kind, body: { reason } });
    setNotice(t(`customer.done.${open.kind}`));
  };

  // Closing is refused while money is held, owed or on its way: say what, in the staff's words.
  const closeRefusal = (error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== 'account_not_closable') return null;
    const blockers = Array.isArray(error.details?.blockers) ? error.details.blockers : [];
    return t('customer.closeBlocked', {
      blockers: blockers
        .map((b: { code?: unknown }) => t(`customer.blockers.${String(b.code)}`))
        .join(', '),
    });
  };

  const addNote = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    setNoteError(null);
    try {
      await action.mutateAsync({ path: 'notes', body: { text: note.trim() } });
      setNote('');
    } catch (error) {
      setNoteError(errorText(t, error) ?? t('reason.failed'));
    }
  };

  const dialogTitle =
    open?.kind === 'refund'
      ? t('customer.refundTitle', {
          amount: usd(open.transfer.amountCents + open.transfer.feeCents),
        })
      : open
        ? t(`customer.actions.${open.kind}`)
        : '';

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, minWidth: 0 }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 700 }}>
          {profile.name}{' '}
          {profile.frozen && (
            <Chip color="warning" label={t('customer.frozen')} sx={{ verticalAlign: 'middle' }} />
          )}
          {profile.closedAt && (
            <Chip
              label={t('customer.closedOn', { at: formatDateTime(profile.closedAt, locale) })}
              sx={{ verticalAlign: 'middle' }}
            />
          )}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          @{profile.username} · {profile.email}
        </Typography>
      </Box>
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {profile.frozen && (
        <Alert severity="warning">
          {t('customer.frozenSince', {
            at: profile.frozenAt ? formatDateTime(profile.frozenAt, locale) : '',
            reason: profile.frozenReason ?? '',
          })}
        </Alert>
      )}
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        role="group"
        aria-label={t('customer.actionsLabel')}
      >
        {mayFreeze &&
          (profile.frozen ? (
            <Button variant="contained" onClick={() => setOpen({ kind: 'unfreeze' })}>
              {t('customer.actions.unfreeze')}
            </Button>
          ) : (
            <Button variant="contained" color="warning" onClick={() => setOpen({ kind: 'freeze' })}>
              {t('customer.actions.freeze')}
            </Button>
          ))}
        <Button variant="outlined" onClick={() => setOpen({ kind: 'sign-out' })}>
          {t('customer.actions.sign-out')}
        </Button>
        {mayFreeze && !profile.closedAt && (
          <Button variant="outlined" color="error" onClick={() => setOpen({ kind: 'close' })}>
            {t('customer.actions.close')}
          </Button>
        )}
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Section title={t('customer.profile')}>
          <Rows
            rows={[
              [t('customer.fields.legalName'), profile.legalName],
              [t('customer.fields.birthDate'), profile.birthDate],
              [
                t('customer.fields.phone'),
                profile.phone ? `${profile.phone}${profile.phoneVerified ? ' ✓' : ''}` : null,
              ],
              [t('customer.fields.address'), profile.address],
              [t('customer.fields.kyc'), profile.kycStatus],
              [
                t('customer.fields.twoStep'),
                profile.twoStepEnabled ? t('customer.yes') : t('customer.no'),
              ],
              [t('customer.fields.since'), formatDateTime(profile.createdAt, locale)],
            ]}
          />
        </Section>
        <Section title={t('customer.balances')}>
          <Rows
            rows={[
              [t('customer.fields.balance'), usd(balances.balanceCents)],
              [t('customer.fields.available'), usd(balances.availableCents)],
              [t('customer.fields.held'), usd(balances.heldCents)],
              [t('customer.fields.owed'), usd(balances.owedCents)],
            ]}
          />
        </Section>
      </Box>

      <Section title={t('customer.activity')}>
        {view.activity.length === 0 ? (
          <Typography>{t('common.none')}</Typography>
        ) : (
          // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={t('customer.activity')}
            // The containing block of the visually hidden header, so it scrolls (and clips) with the table.
            sx={{ position: 'relative' }}
          >
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('customer.columns.date')}</TableCell>
                  <TableCell>{t('customer.columns.what')}</TableCell>
                  <TableCell align="right">{t('customer.columns.amount')}</TableCell>
                  <TableCell>{t('customer.columns.status')}</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t('customer.columns.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {view.activity.map((transfer) => (
                  <TableRow key={transfer.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(transfer.createdAt, locale)}
                    </TableCell>
                    <TableCell>
                      {kindLabel(transfer)}
                      {transfer.counterparty ? ` · ${transfer.counterparty}` : ''}
                      <Typography variant="caption" component="div" color="text.secondary">
                        {transfer.reference}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {transfer.direction === 'out' ? '−' : '+'}
                      {usd(transfer.amountCents)}
                    </TableCell>
                    <TableCell>
                      {t(`activity:status.${transfer.status}`, { defaultValue: transfer.status })}
                    </TableCell>
                    <TableCell>
                      {transfer.refundable && (
                        <Button size="small" onClick={() => setOpen({ kind: 'refund', transfer })}>
                          {t('customer.actions.refund')}
                        </Button>
                      )}
                      {transfer.refundedBy && <Chip size="small" label={t('customer.refunded')} />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Section title={t('customer.identity')}>
          {view.identity.length === 0 ? (
            <Typography>{t('common.none')}</Typography>
          ) : (
            <Stack spacing={1}>
              {view.identity.map((attempt) => (
                <Typography key={`${attempt.provider}-${attempt.createdAt}`}>
                  {attempt.provider} · {attempt.status}
                  {attempt.legalName ? ` · ${attempt.legalName}` : ''}
                  {attempt.failureReason ? ` · ${attempt.failureReason}` : ''} ·{' '}
                  {formatDateTime(attempt.updatedAt, locale)}
                </Typography>
              ))}
            </Stack>
          )}
        </Section>
        <Section title={t('customer.sessions')}>
          {view.sessions.length === 0 ? (
            <Typography>{t('common.none')}</Typography>
          ) : (
            <Stack spacing={1}>
              {view.sessions.map((session) => (
                <Box key={session.id}>
                  <Typography>
                    {session.userAgent ?? '—'}{' '}
                    {session.live && (
                      <Chip size="small" color="success" label={t('customer.live')} />
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      session.signInMethod,
                      session.place,
                      formatDateTime(session.lastUsedAt, locale),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </Section>
      </Box>

      <Section title={t('customer.notes')}>
        <Box
          component="form"
          onSubmit={addNote}
          sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}
        >
          <TextField
            label={t('customer.newNote')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            size="small"
            sx={{ flex: '1 1 240px' }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button type="submit" variant="outlined" disabled={!note.trim() || action.isPending}>
            {t('customer.addNote')}
          </Button>
        </Box>
        {noteError && <Alert severity="error">{noteError}</Alert>}
        <Stack spacing={1}>
          {view.notes.map((n) => (
            <Box key={n.id}>
              <Typography>{n.text}</Typography>
              <Typography variant="caption" color="text.secondary">
                {n.staffName} · {formatDateTime(n.createdAt, locale)}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Section>

      <ReasonDialog
        open={open !== null}
        title={dialogTitle}
        description={
          open ? <Typography sx={{ mb: 1 }}>{t(`customer.explain.${open.kind}`)}</Typography> : null
        }
        confirmLabel={open ? t(`customer.actions.${open.kind}`) : ''}
        onClose={() => setOpen(null)}
        onConfirm={confirm}
        failureText={closeRefusal}
      />
    </Stack>
  );
}
