import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { SanctionsHit } from '@pago/shared/contracts/ops-sanctions';
import { cents, formatUsd } from '@pago/shared/money';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DoneAlert, QueryPending } from '@/components/ui/query-state';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { formatDateTime, formatDay, useLocale } from '@/lib/format';
import { useStaff } from '@/lib/ops-session';
import { usePageTitle } from '@/lib/page-title';
import { type HitStatus, useDecideHit, useSanctionsHits } from '../api/sanctions-queries';

type Match = SanctionsHit['matches'][number];
type BirthDate = NonNullable<Match['entry']>['birthDates'][number];

/** A term and its description, in the card's definition list. */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" variant="body2">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

const listSx = {
  m: 0,
  mt: 1,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, auto) 1fr' },
  columnGap: 2,
  rowGap: 0.5,
} as const;

function MatchDetails({ match }: { match: Match }) {
  const { t } = useTranslation('opsSanctions');
  const none = t('none');
  const birthDate = (d: BirthDate) => {
    const exact = [d.day, d.month, d.year].filter((v) => v !== null).join('/');
    if (d.toYear !== null) return t('range', { from: d.year, to: d.toYear });
    return d.circa ? t('circa', { year: d.year }) : exact;
  };
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography component="div" sx={{ fontWeight: 700 }}>
        {match.listedName}{' '}
        <Chip size="small" label={t('score', { score: Math.round(match.score * 100) })} />{' '}
        <Chip size="small" variant="outlined" label={t(`source.${match.source}`)} />
      </Typography>
      {match.matchedName !== match.listedName && (
        <Typography variant="body2" color="text.secondary">
          {t('matchedAlias', { name: match.matchedName })}
        </Typography>
      )}
      {match.entry ? (
        <Box component="dl" sx={listSx}>
          <Row term={t('birthDates')}>
            {match.entry.birthDates.map(birthDate).join(' · ') || none}
          </Row>
          <Row term={t('countries')}>{match.entry.countries.join(', ') || none}</Row>
          <Row term={t('placesOfBirth')}>{match.entry.placesOfBirth.join(' · ') || none}</Row>
          <Row term={t('aliases')}>
            {match.entry.aliases.map((a) => a.name).join(' · ') || none}
          </Row>
          <Row term={t('programs')}>{match.entry.programs.join(', ') || none}</Row>
          <Row term={t('remarks')}>{match.entry.remarks ?? none}</Row>
        </Box>
      ) : (
        <Typography variant="body2">{t('entryGone')}</Typography>
      )}
    </Box>
  );
}

function HitCard({
  hit,
  mayDecide,
  onDecide,
}: {
  hit: SanctionsHit;
  mayDecide: boolean;
  onDecide: (decision: 'clear' | 'block') => void;
}) {
  const { t } = useTranslation('opsSanctions');
  const locale = useLocale();
  return (
    <Card variant="outlined" component="article" aria-label={hit.subject.name}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {hit.subject.name}{' '}
          <Chip size="small" color="warning" label={t(`kind.${hit.subject.kind}`)} />
        </Typography>
        <Box component="dl" sx={listSx}>
          <Row term={t('customer')}>
            <RouterLink to={`/ops/customers/${hit.customer.userId}`}>
              {hit.customer.name}
            </RouterLink>{' '}
            @{hit.customer.username}
          </Row>
          <Row term={t('found')}>{formatDateTime(hit.createdAt, locale)}</Row>
          {hit.subject.birthDate && <Row term={t('knownBirthDate')}>{hit.subject.birthDate}</Row>}
          {hit.subject.country && <Row term={t('knownCountry')}>{hit.subject.country}</Row>}
          <Row term={t('held')}>
            {hit.held.length === 0
              ? t('noneHeld')
              : hit.held.map((h) => (
                  <span key={h.transferId} style={{ display: 'block' }}>
                    {t(`movement.${h.movement}`)} ·{' '}
                    {formatUsd(cents(h.amountCents + h.feeCents), locale)} ·{' '}
                    {t(`holdStatus.${h.status}`)}
                  </span>
                ))}
          </Row>
          {hit.decision && (
            <Row term={t('decision')}>
              {t('decidedOn', {
                date: formatDateTime(hit.decision.at, locale),
                reason: hit.decision.reason,
              })}
            </Row>
          )}
        </Box>
        {hit.report && (
          <Alert severity={hit.report.filedAt ? 'success' : 'warning'} sx={{ mt: 1 }}>
            {hit.report.filedAt
              ? t('reportFiled', { date: formatDateTime(hit.report.filedAt, locale) })
              : t('reportDue', { date: formatDay(hit.report.dueOn, locale) })}
          </Alert>
        )}
        <Divider sx={{ my: 1.5 }} />
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {t('matches')}
        </Typography>
        {hit.matches.map((match) => (
          <MatchDetails key={`${match.source}:${match.entryId}`} match={match} />
        ))}
      </CardContent>
      {hit.status === 'open' && mayDecide && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => onDecide('clear')}>
            {t('clear')}
          </Button>
          <Button color="error" variant="outlined" onClick={() => onDecide('block')}>
            {t('block')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** "Coincidencias con listas de sanciones": the hits that hold money, and their decisions. */
export default function SanctionsQueuePage() {
  const { t } = useTranslation(['opsSanctions', 'ops']);
  usePageTitle(t('title'));
  const locale = useLocale();
  const staff = useStaff();
  const [status, setStatus] = useState<HitStatus>('open');
  const hits = useSanctionsHits(status);
  const decide = useDecideHit();
  const [deciding, setDeciding] = useState<{
    hit: SanctionsHit;
    decision: 'clear' | 'block';
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mayDecide = staff.role === 'compliance' || staff.role === 'admin';

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        aria-label={t('tabs.label')}
        onChange={(_, value: HitStatus | null) => value && setStatus(value)}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {(['open', 'cleared', 'blocked'] as const).map((s) => (
          <ToggleButton key={s} value={s}>
            {t(`tabs.${s}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {!mayDecide && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('readOnly')}
        </Alert>
      )}
      <DoneAlert done={done} onClose={() => setDone(null)} />
      <QueryPending query={hits} failed={t('ops:common.error')} />
      {hits.data?.length === 0 && <Typography>{t(`empty.${status}`)}</Typography>}
      <Stack spacing={2}>
        {hits.data?.map((hit) => (
          <HitCard
            key={hit.id}
            hit={hit}
            mayDecide={mayDecide}
            onDecide={(decision) => setDeciding({ hit, decision })}
          />
        ))}
      </Stack>
      <ReasonDialog
        open={deciding !== null}
        title={deciding?.decision === 'block' ? t('blockTitle') : t('clearTitle')}
        confirmLabel={deciding?.decision === 'block' ? t('block') : t('clear')}
        onClose={() => setDeciding(null)}
        onConfirm={async (reason) => {
          if (!deciding) return;
          const outcome = await decide.mutateAsync({
            id: deciding.hit.id,
            decision: deciding.decision,
            reason,
          });
          setDone(
            outcome.status === 'blocked'
              ? t('blocked', {
                  count: outcome.movements,
                  date: outcome.reportDueOn ? formatDay(outcome.reportDueOn, locale) : '',
                })
              : t('cleared', { count: outcome.movements }),
          );
        }}
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          {deciding?.hit.subject.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {deciding?.decision === 'block' ? t('blockHelp') : t('clearHelp')}
        </Typography>
      </ReasonDialog>
    </Box>
  );
}
