import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CARD_TYPES, type Card } from '@pago/shared/contracts/cards';
import { CARD_FEES } from '@pago/shared/fees';
import { formatUsd } from '@pago/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { ActivityList } from '@/features/activity/components/activity-list';
import { ReceiptDialog } from '@/features/activity/components/receipt-dialog';
import { useBankAccount } from '@/features/banking/api/banking';
import { DisputesList } from '@/features/card-disputes/components/disputes-list';
import { isOpen, useCardActivity, useCards } from '@/features/cards/api/cards';
import { CardControls } from '@/features/cards/components/card-controls';
import { CardNumbers } from '@/features/cards/components/card-numbers';
import { OrderCard } from '@/features/cards/components/order-card';
import { PagoCard } from '@/features/cards/components/pago-card';
import { AtmsNearMe } from '@/features/cash-deposits/components/atms-near-me';
import { HomeBalance } from '@/features/wallet/components/home-balance';
import { useCapability } from '@/lib/capabilities';
import { useLocale } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { isIdentityVerified, useSession } from '@/lib/session';
import { walletKeys } from '@/lib/wallet';

/**
 * The Pago debit card: each open card in the card design with its status, its numbers
 * on request, its controls; ordering the card types not held yet; the balance it spends; and the
 * cards' latest transactions, holds marked pending.
 */
export default function CardPage() {
  const { t } = useTranslation(['cards', 'activity', 'wallet', 'cashDeposits']);
  usePageTitle(t('title'));
  const locale = useLocale();
  const { user } = useSession();
  const cards = useCards();
  const available = useCapability('cards');
  const verified = isIdentityVerified(user);
  const bank = useBankAccount(verified);
  const open = (cards.data ?? []).filter(isOpen);
  const missing = CARD_TYPES.filter((type) => !open.some((card) => card.type === type));
  const [notice, setNotice] = useFeedback();

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 3 }}>
        {t('title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 6fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          {cards.isPending ? (
            <Loading>
              <Skeleton variant="rounded" height={214} sx={{ maxWidth: 360 }} />
            </Loading>
          ) : cards.isError ? (
            <LoadFailed onRetry={cards.refetch} message={t('loadFailed')} />
          ) : (
            <>
              {notice && <FeedbackMessage feedback={notice} />}
              {open.length === 0 && (
                <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}>
                  <Typography variant="h6" component="h2">
                    {t('intro.title')}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
                    {(['spend', 'control', 'fees'] as const).map((point) => (
                      <li key={point}>
                        <Typography>
                          {t(`intro.${point}`, {
                            replacement: formatUsd(CARD_FEES.replacement, locale),
                            expedited: formatUsd(CARD_FEES.expeditedDelivery, locale),
                          })}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                </Paper>
              )}
              {open.map((card) => (
                <CardSection
                  key={card.id}
                  card={card}
                  holder={user?.name ?? ''}
                  onReplaced={(text) => setNotice({ severity: 'success', text })}
                />
              ))}
              {missing.length > 0 && (
                <SectionCard title={open.length ? t('order.another') : t('order.title')}>
                  <OrderCard
                    missing={missing}
                    readiness={{
                      available,
                      verified,
                      bankAccount: bank.data === undefined ? null : bank.data !== null,
                      address: user?.address ?? null,
                    }}
                  />
                </SectionCard>
              )}
            </>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <HomeBalance />
          </Paper>
          <CardActivity cardIds={(cards.data ?? []).map((card) => card.id)} />
          <AtmsNearMe />
          <DisputesList />
        </Box>
      </Box>
    </Container>
  );
}

function CardSection({
  card,
  holder,
  onReplaced,
}: {
  card: Card;
  holder: string;
  onReplaced(text: string): void;
}) {
  const { t } = useTranslation('cards');
  const secureData = useCapability('cardSecureData');
  return (
    <SectionCard title={t(`card.title.${card.type}`, { last4: card.last4 })}>
      <PagoCard card={card} holder={holder} />
      <Typography data-testid="card-status" sx={{ fontWeight: 600 }}>
        {t(`status.${card.status}.long`)}
      </Typography>
      {card.status !== 'inactive' && secureData && <CardNumbers cardId={card.id} />}
      <CardControls card={card} onReplaced={onReplaced} />
    </SectionCard>
  );
}

/**
 * The cards' latest transactions. The card is used away from the app, so they are asked for
 * again every few seconds; when they change, so may the balance.
 */
function CardActivity({ cardIds }: { cardIds: string[] }) {
  const { t } = useTranslation('cards');
  const client = useQueryClient();
  const activity = useCardActivity(cardIds);
  const [openId, setOpenId] = useState<string | null>(null);
  const signature = (activity.data ?? [])
    .map((transfer) => `${transfer.id}:${transfer.status}`)
    .join();
  useEffect(() => {
    if (signature) void client.invalidateQueries({ queryKey: walletKeys.balance });
  }, [signature, client]);

  return (
    <SectionCard title={t('activity.title')}>
      {activity.isPending ? (
        <Loading>
          <Skeleton height={64} />
          <Skeleton height={64} />
        </Loading>
      ) : activity.isError ? (
        <LoadFailed onRetry={activity.refetch} message={t('activity.loadFailed')} />
      ) : activity.data.length === 0 ? (
        <Typography color="text.secondary">{t('activity.empty')}</Typography>
      ) : (
        <ActivityList transfers={activity.data} onOpen={(transfer) => setOpenId(transfer.id)} />
      )}
      <ReceiptDialog transferId={openId} onClose={() => setOpenId(null)} />
    </SectionCard>
  );
}
