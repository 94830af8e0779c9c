import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Schedule } from '@pago/shared/contracts/schedules';
import { type Cents, formatUsd } from '@pago/shared/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';
import type { ScheduleAction } from '../api/schedules';
import { formatRunDay, ruleText } from './schedule-rule';

const RUN_COLOR = {
  sent: 'success',
  under_review: 'warning',
  failed: 'error',
  skipped: 'default',
} as const;
const STATUS_COLOR = {
  active: 'success',
  paused: 'warning',
  canceled: 'default',
  done: 'default',
} as const;

/** "México", "Mexico": the country of a recipient abroad in the reader's language. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** One schedule: to whom, how much, when next; its actions and its run history. */
export function ScheduleCard({
  schedule: s,
  busy,
  onAction,
  onEdit,
}: {
  schedule: Schedule;
  busy: boolean;
  onAction(action: ScheduleAction): void;
  onEdit(): void;
}) {
  const { t } = useTranslation('schedules');
  const locale = useLocale();
  const [showRuns, setShowRuns] = useState(false);
  const runsId = useId();
  const usd = (amount: number) => formatUsd(amount as Cents, locale);
  const open = s.status === 'active' || s.status === 'paused';
  const isP2p = s.kind === 'p2p';
  // A Pago user is named as the server knows them, else by @username; a recipient abroad by name.
  const name = s.recipientName || (s.payeeUsername ? `@${s.payeeUsername}` : '');
  const whereabouts = isP2p
    ? s.payeeUsername
      ? t('card.p2p', { username: s.payeeUsername })
      : t('card.p2pNoUsername')
    : t('card.remittance', { country: countryName(s.recipientCountry, locale) });

  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }} aria-label={name}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {usd(s.amountCents)} · {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {whereabouts}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {ruleText(t, s, locale)}
          </Typography>
        </Box>
        <Chip size="small" color={STATUS_COLOR[s.status]} label={t(`status.${s.status}`)} />
      </Box>
      {s.nextRunDate && (
        <Typography sx={{ mt: 1 }}>
          {t('next', { date: formatRunDay(s.nextRunDate, locale) })}
        </Typography>
      )}
      {open && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          {s.status === 'active' ? (
            <>
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                onClick={() => onAction('skip')}
              >
                {t('actions.skip')}
              </Button>
              <Button size="small" disabled={busy} onClick={() => onAction('pause')}>
                {t('actions.pause')}
              </Button>
            </>
          ) : (
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => onAction('resume')}
            >
              {t('actions.resume')}
            </Button>
          )}
          <Button size="small" disabled={busy} onClick={onEdit}>
            {t('actions.edit')}
          </Button>
          <Button size="small" color="error" disabled={busy} onClick={() => onAction('cancel')}>
            {t('actions.cancel')}
          </Button>
        </Box>
      )}
      {s.runs.length > 0 && (
        <>
          <Button
            size="small"
            sx={{ mt: 1, px: 0 }}
            aria-expanded={showRuns}
            aria-controls={runsId}
            onClick={() => setShowRuns((v) => !v)}
          >
            {t(showRuns ? 'runs.hide' : 'runs.show', { count: s.runs.length })}
          </Button>
          <Collapse in={showRuns} id={runsId}>
            <List dense aria-label={t('runs.title')}>
              {s.runs.map((run) => (
                <ListItem key={run.id} disableGutters divider>
                  <ListItemText
                    primary={`${formatRunDay(run.dueDate, locale)} · ${usd(run.amountCents)}`}
                    secondary={
                      run.failureReason
                        ? t(`reason.${run.failureReason}`)
                        : !isP2p && run.payoutAmount
                          ? t('runs.received', {
                              amount: `${run.payoutAmount} ${run.payoutCurrency ?? ''}`.trim(),
                            })
                          : null
                    }
                  />
                  <Chip
                    size="small"
                    color={RUN_COLOR[run.status]}
                    label={t(`runs.status.${run.status}`)}
                  />
                </ListItem>
              ))}
            </List>
          </Collapse>
        </>
      )}
    </Paper>
  );
}
