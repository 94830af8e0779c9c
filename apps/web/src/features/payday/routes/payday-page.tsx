import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MAX_PAYDAY_RULES, type PaydayRule } from '@pago/shared/contracts/payday';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { usePageTitle } from '@/lib/page-title';
import {
  useCreateRule,
  useDeleteRule,
  usePaydayRules,
  usePaydayRuns,
  useSavedRecipients,
  useUpdateRule,
} from '../api/payday';
import { RuleForm } from '../components/rule-form';
import { RulesList } from '../components/rules-list';
import { RunsList } from '../components/runs-list';

/**
 * `/direct-deposit/payday` ("Día de pago"): the person's rules that send a share of each direct
 * deposit home (create, edit, turn off, delete) and what they did with each deposit.
 */
export default function PaydayPage() {
  const { t } = useTranslation('payday');
  usePageTitle(t('title'));
  const rules = usePaydayRules();
  const runs = usePaydayRuns();
  const recipients = useSavedRecipients();
  const create = useCreateRule();
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<PaydayRule | null>(null);
  const [deleting, setDeleting] = useState<PaydayRule | null>(null);
  const [saved, setSaved] = useState(false);
  // A new form after each save (its fields start over).
  const [formKey, setFormKey] = useState(0);
  const busy = create.isPending || update.isPending || remove.isPending;

  const failed = rules.isError || recipients.isError;
  const ready = rules.data && recipients.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <Link component={RouterLink} to="/direct-deposit" variant="body2">
        {`← ${t('back')}`}
      </Link>
      <TitleAndIntro title={t('title')} intro={t('intro')} />
      {failed ? (
        <LoadFailed
          message={t('loadFailed')}
          onRetry={() => {
            void rules.refetch();
            void recipients.refetch();
          }}
        />
      ) : !ready ? (
        <Loading sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={320} />
        </Loading>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <SectionCard title={t('rules.title')}>
            {saved && <Alert severity="success">{t('form.saved')}</Alert>}
            {deleting && (
              <Alert
                severity="warning"
                action={
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button color="inherit" size="small" onClick={() => setDeleting(null)}>
                      {t('rules.cancel')}
                    </Button>
                    <Button
                      color="error"
                      size="small"
                      disabled={busy}
                      onClick={() =>
                        remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
                      }
                    >
                      {t('rules.delete')}
                    </Button>
                  </Box>
                }
              >
                {t('rules.deleteConfirm', { name: deleting.recipientName })}
              </Alert>
            )}
            {editing ? (
              <RuleForm
                key={editing.id}
                rule={editing}
                recipients={recipients.data}
                busy={busy}
                failure={update.error}
                onCancel={() => setEditing(null)}
                onSave={(body) =>
                  update.mutate(
                    { id: editing.id, patch: body },
                    {
                      onSuccess: () => {
                        setEditing(null);
                        setSaved(true);
                      },
                    },
                  )
                }
              />
            ) : (
              <RulesList
                rules={rules.data}
                busy={busy}
                onToggle={(rule, enabled) => update.mutate({ id: rule.id, patch: { enabled } })}
                onEdit={(rule) => {
                  setSaved(false);
                  setEditing(rule);
                }}
                onDelete={(rule) => setDeleting(rule)}
              />
            )}
          </SectionCard>
          <SectionCard title={t('runs.title')}>
            {runs.data ? <RunsList runs={runs.data} /> : <Skeleton variant="rounded" height={80} />}
          </SectionCard>
          {!editing &&
            (rules.data.length < MAX_PAYDAY_RULES ? (
              <SectionCard title={t('form.newTitle')}>
                <RuleForm
                  key={formKey}
                  recipients={recipients.data}
                  busy={busy}
                  failure={create.error}
                  onSave={(body) =>
                    create.mutate(body, {
                      onSuccess: () => {
                        setSaved(true);
                        setFormKey((k) => k + 1);
                      },
                    })
                  }
                />
              </SectionCard>
            ) : (
              <Typography color="text.secondary">
                {t('rules.max', { count: MAX_PAYDAY_RULES })}
              </Typography>
            ))}
        </Box>
      )}
    </Container>
  );
}
