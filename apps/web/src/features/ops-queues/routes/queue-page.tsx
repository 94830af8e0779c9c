import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ERROR_CLAIM_FINDINGS,
  type OpsQueue,
  type OpsQueueItem,
  opsQueueSchema,
} from '@pago/shared/contracts/ops-queues';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DoneAlert, QueryPending } from '@/components/ui/query-state';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { usePageTitle } from '@/lib/page-title';
import { useQueue, useQueueAction } from '../api/queues-queries';
import { QueueItemCard } from '../components/queue-item-card';

type Finding = (typeof ERROR_CLAIM_FINDINGS)[number];

/** One queue: its items, most urgent first, each with its actions (a reason for every one). */
export default function QueuePage() {
  const { t } = useTranslation('opsQueues');
  const parsed = opsQueueSchema.safeParse(useParams().queue);
  if (!parsed.success) {
    return <Alert severity="warning">{t('unknownQueue')}</Alert>;
  }
  return <Queue queue={parsed.data} />;
}

function Queue({ queue }: { queue: OpsQueue }) {
  const { t } = useTranslation('opsQueues');
  usePageTitle(t(`queues.${queue}.title`));
  const list = useQueue(queue);
  const act = useQueueAction(queue);
  const [acting, setActing] = useState<{ item: OpsQueueItem; action: string } | null>(null);
  const [finding, setFinding] = useState<Finding>('not_paid');
  const [explanation, setExplanation] = useState('');
  const [writeOffUsd, setWriteOffUsd] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const now = new Date();
  const key = acting ? `${queue}.${acting.action}` : '';

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography component="p" sx={{ mb: 1 }}>
        <RouterLink to="/ops/queues">{t('backToQueues')}</RouterLink>
      </Typography>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, mb: 1 }}>
        {t(`queues.${queue}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`queues.${queue}.intro`)}
      </Typography>
      <DoneAlert done={done} onClose={() => setDone(null)} />
      <QueryPending query={list} failed={t('error')} />
      {list.data?.items.length === 0 && <Typography>{t('empty')}</Typography>}
      <Stack spacing={2}>
        {list.data?.items.map((item) => (
          <QueueItemCard
            key={item.id}
            item={item}
            now={now}
            onAction={(action) => {
              setExplanation('');
              setWriteOffUsd('');
              setFinding('not_paid');
              setActing({ item, action });
            }}
          />
        ))}
      </Stack>
      <ReasonDialog
        open={acting !== null}
        title={acting ? t(`actions.${queue}.${acting.action}`) : ''}
        description={
          acting ? (
            <Typography sx={{ mb: 1 }}>
              {t(`confirm.${queue}.${acting.action}`, { defaultValue: '' })}
            </Typography>
          ) : undefined
        }
        confirmLabel={acting ? t(`actions.${queue}.${acting.action}`) : ''}
        onClose={() => setActing(null)}
        onConfirm={async (reason) => {
          if (!acting) return;
          const outcome = await act.mutateAsync({
            id: acting.item.id,
            action: acting.action,
            body: {
              reason,
              ...(key === 'error_claims.resolve' ? { finding } : {}),
              ...(key === 'error_claims.no_error' ? { explanation: explanation.trim() } : {}),
              ...(key === 'debts.write_off' && writeOffUsd.trim()
                ? { amountCents: Math.round(Number(writeOffUsd.replace(',', '.')) * 100) }
                : {}),
            },
          });
          await list.refetch();
          setDone(
            outcome.status === 'pending'
              ? t('pendingApproval')
              : outcome.result.done
                ? t('doneLeft')
                : t('doneStays'),
          );
        }}
      >
        {key === 'error_claims.resolve' && (
          <TextField
            select
            label={t('finding')}
            value={finding}
            onChange={(event) => setFinding(event.target.value as Finding)}
            fullWidth
            margin="normal"
          >
            {ERROR_CLAIM_FINDINGS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`findings.${f}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {key === 'debts.write_off' && (
          <TextField
            label={t('writeOffAmount')}
            value={writeOffUsd}
            onChange={(event) => setWriteOffUsd(event.target.value.replace(/[^0-9.,]/g, ''))}
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
          />
        )}
        {key === 'error_claims.no_error' && (
          <TextField
            label={t('explanation')}
            helperText={t('explanationHelp')}
            value={explanation}
            onChange={(event) => setExplanation(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            required
            margin="normal"
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      </ReasonDialog>
    </Box>
  );
}
