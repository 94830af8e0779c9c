import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type {
  MonitoringHit,
  MonitoringHitStatus,
  MonitoringRuleCode,
} from '@pago/shared/contracts/monitoring';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneAlert, QueryPending } from '@/components/ui/query-state';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { useLocale } from '@/lib/format';
import { useStaff } from '@/lib/ops-session';
import { usePageTitle } from '@/lib/page-title';
import { useDecideHit, useMonitoringHits, useMonitoringRules } from '../api/monitoring-queries';
import { HitCard } from '../components/hit-card';
import { RulesPanel } from '../components/rules-panel';
import { hitReason } from '../lib/hit-text';

type View = MonitoringHitStatus | 'rules';
/** What was just done, kept as words' keys so that it reads in the language chosen after it. */
export type Notice = {
  key: 'actions.escalated' | 'actions.dismissed' | 'rulesPanel.saved';
  rule?: MonitoringRuleCode;
};
const VIEWS: View[] = ['open', 'escalated', 'dismissed', 'rules'];

/** "Monitoreo": the alerts the monitoring rules raised, and the rules themselves. */
export default function MonitoringPage() {
  const { t } = useTranslation('opsMonitoring');
  usePageTitle(t('title'));
  const staff = useStaff();
  const [view, setView] = useState<View>('open');
  const [done, setDone] = useState<Notice | null>(null);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Tabs
        value={view}
        onChange={(_, next: View) => setView(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {VIEWS.map((v) => (
          <Tab key={v} value={v} label={t(`views.${v}`)} />
        ))}
      </Tabs>
      <DoneAlert
        done={done && t(done.key, { name: done.rule ? t(`rules.${done.rule}.name`) : '' })}
        onClose={() => setDone(null)}
      />
      {view === 'rules' ? (
        <Rules mayEdit={staff.role === 'admin'} onChanged={setDone} />
      ) : (
        <Hits status={view} onDone={setDone} />
      )}
    </Box>
  );
}

function Hits({ status, onDone }: { status: MonitoringHitStatus; onDone(notice: Notice): void }) {
  const { t } = useTranslation('opsMonitoring');
  const locale = useLocale();
  const hits = useMonitoringHits(status);
  const decide = useDecideHit();
  const [deciding, setDeciding] = useState<{
    hit: MonitoringHit;
    decision: 'dismiss' | 'escalate';
  } | null>(null);

  if (!hits.isSuccess) return <QueryPending query={hits} failed={t('error')} />;
  return (
    <>
      {hits.data.length === 0 && <Typography>{t(`empty.${status}`)}</Typography>}
      <Stack spacing={2}>
        {hits.data.map((hit) => (
          <HitCard key={hit.id} hit={hit} onDecide={(decision) => setDeciding({ hit, decision })} />
        ))}
      </Stack>
      <ReasonDialog
        open={deciding !== null}
        title={
          deciding?.decision === 'escalate' ? t('actions.escalateTitle') : t('actions.dismissTitle')
        }
        description={deciding ? hitReason(deciding.hit, t, locale) : undefined}
        confirmLabel={
          deciding?.decision === 'escalate' ? t('actions.escalate') : t('actions.dismiss')
        }
        onClose={() => setDeciding(null)}
        onConfirm={async (reason) => {
          if (!deciding) return;
          await decide.mutateAsync({ id: deciding.hit.id, decision: deciding.decision, reason });
          onDone({
            key: deciding.decision === 'escalate' ? 'actions.escalated' : 'actions.dismissed',
          });
        }}
      />
    </>
  );
}

function Rules({ mayEdit, onChanged }: { mayEdit: boolean; onChanged(notice: Notice): void }) {
  const { t } = useTranslation('opsMonitoring');
  const rules = useMonitoringRules();
  if (!rules.isSuccess) return <QueryPending query={rules} failed={t('error')} />;
  return <RulesPanel rules={rules.data} mayEdit={mayEdit} onChanged={onChanged} />;
}
