import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { BankTransactions } from '@pago/shared/contracts/banking';
import { cents, formatUsd } from '@pago/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRows } from '@/components/ui/detail-rows';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useAuthMethod } from '@/lib/auth-method';
import { formatDateTime, useLocale } from '@/lib/format';
import { useBankAccount } from '../api/banking';
import {
  BANK_TRANSACTIONS_PAGE,
  useBankingToken,
  useBankNumbers,
  useBankTransactions,
} from '../api/banking-panel';
import { BankCard } from './bank-card';
import { StatementsList } from './statements-list';

/** The spec's settings of the banking component: primary #3A4ADF, 8 px button radius. */
const BANKING_PRIMARY = '#3A4ADF';
const bankButton = { borderRadius: '8px', textTransform: 'none' } as const;

type Row = BankTransactions['settled'][number];

function TransactionList({ rows, label }: { rows: Row[]; label: string }) {
  const { t } = useTranslation('banking');
  const locale = useLocale();
  return (
    <List dense aria-label={label} sx={{ py: 0 }}>
      {rows.map((row) => (
        <ListItem key={`${row.state}-${row.id}`} disableGutters divider>
          <ListItemText
            primary={row.summary || t(`panel.kind.${row.direction}`)}
            secondary={row.createdAt ? formatDateTime(row.createdAt, locale) : null}
          />
          <Typography
            component="span"
            sx={{
              fontWeight: 600,
              color: row.direction === 'in' ? 'success.main' : 'text.primary',
            }}
          >
            {row.direction === 'in' ? '+' : '−'}
            {formatUsd(cents(row.amountCents), locale)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

/** The spec's "auth method": the external provider's name and its account's e-mail, or Traditional. */
function AuthMethodLine() {
  const { t } = useTranslation('banking');
  const method = useAuthMethod().data;
  if (!method) return null;
  return (
    <Typography component="span" color="text.secondary" data-testid="auth-method">
      {t('panel.authMethod', {
        method: method.method === 'external' ? method.providerName : t('panel.traditional'),
      })}
      {method.method === 'external' && ` · ${t('panel.providerAccount', { email: method.email })}`}
    </Typography>
  );
}

/**
 * Banking & Transactions (spec §2, dashboard): the partner token's status and the sign-in method,
 * then our own banking component where the original embedded a white-label widget: the account
 * and routing numbers (revealed on demand) and the partner account's pending and settled
 * transactions. Nothing shows until the person has a bank account.
 */
export function BankingPanel() {
  const { t } = useTranslation('banking');
  const account = useBankAccount();
  const hasAccount = Boolean(account.data);
  const token = useBankingToken(hasAccount);
  const [revealed, setRevealed] = useState(false);
  const numbers = useBankNumbers(hasAccount && revealed);
  const [offset, setOffset] = useState(0);
  const transactions = useBankTransactions(hasAccount, offset);

  if (account.isPending) {
    return (
      <Loading>
        <Skeleton variant="rounded" height={48} />
      </Loading>
    );
  }
  if (account.isError) {
    return <LoadFailed message={t('bank.loadFailed')} onRetry={() => account.refetch()} />;
  }
  if (!account.data) {
    return (
      <Box sx={{ display: 'grid', gap: 1, mb: 3 }}>
        <AuthMethodLine />
        <Typography color="text.secondary">{t('panel.noAccount')}</Typography>
      </Box>
    );
  }
  const shown = revealed && numbers.data;
  const page = transactions.data;
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography component="span">{t('panel.tokenStatus')}</Typography>
        <Chip
          size="small"
          role="status"
          label={token.data ? t('panel.ready') : t('panel.loading')}
          sx={token.data ? { bgcolor: BANKING_PRIMARY, color: '#fff' } : undefined}
        />
        <AuthMethodLine />
      </Box>
      {token.isError ? (
        <LoadFailed message={t('panel.tokenFailed')} onRetry={() => token.refetch()} />
      ) : !token.data ? (
        <Loading>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              minHeight: 160,
              borderRadius: '8px',
              bgcolor: 'action.hover',
            }}
          >
            <Typography color="text.secondary">{t('panel.placeholder')}</Typography>
          </Box>
        </Loading>
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 340px) 1fr' },
              alignItems: 'start',
            }}
          >
            <BankCard maskedNumber={account.data.accountNumber} color={BANKING_PRIMARY} />
            <Box sx={{ display: 'grid', gap: 2 }}>
              <DetailRows
                rows={[
                  {
                    label: t('bank.account.accountNumber'),
                    value: shown ? numbers.data.accountNumber : account.data.accountNumber,
                  },
                  {
                    label: t('bank.account.routingNumber'),
                    value: shown ? numbers.data.routingNumber : account.data.routingNumber,
                  },
                ]}
              />
              <Box>
                <Button
                  variant="outlined"
                  sx={{ ...bankButton, color: BANKING_PRIMARY, borderColor: BANKING_PRIMARY }}
                  onClick={() => setRevealed((now) => !now)}
                  aria-pressed={revealed}
                >
                  {revealed ? t('panel.hideNumbers') : t('panel.showNumbers')}
                </Button>
                {revealed && numbers.isError && (
                  <Typography color="error" role="alert" sx={{ mt: 1 }}>
                    {t('panel.numbersFailed')}
                  </Typography>
                )}
              </Box>
            </Box>
          </Box>
          {transactions.isError ? (
            <LoadFailed
              message={t('panel.transactionsFailed')}
              onRetry={() => transactions.refetch()}
            />
          ) : !page ? (
            <Loading>
              <Skeleton variant="rounded" height={96} />
            </Loading>
          ) : (
            <>
              {page.pending.length > 0 && (
                <Box>
                  <Typography variant="subtitle1" component="h3">
                    {t('panel.pending')}
                  </Typography>
                  <TransactionList rows={page.pending} label={t('panel.pending')} />
                </Box>
              )}
              <Box>
                <Typography variant="subtitle1" component="h3">
                  {t('panel.settled')}
                </Typography>
                {page.settled.length === 0 ? (
                  <Typography color="text.secondary">{t('panel.none')}</Typography>
                ) : (
                  <TransactionList rows={page.settled} label={t('panel.settled')} />
                )}
              </Box>
              {(offset > 0 || offset + BANK_TRANSACTIONS_PAGE < page.total) && (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    sx={{ ...bankButton, color: BANKING_PRIMARY }}
                    disabled={offset === 0}
                    onClick={() => setOffset(Math.max(0, offset - BANK_TRANSACTIONS_PAGE))}
                  >
                    {t('panel.newer')}
                  </Button>
                  <Button
                    sx={{ ...bankButton, color: BANKING_PRIMARY }}
                    disabled={offset + BANK_TRANSACTIONS_PAGE >= page.total}
                    onClick={() => setOffset(offset + BANK_TRANSACTIONS_PAGE)}
                  >
                    {t('panel.older')}
                  </Button>
                </Box>
              )}
            </>
          )}
          <StatementsList buttonSx={{ ...bankButton, color: BANKING_PRIMARY }} />
        </>
      )}
    </Box>
  );
}
