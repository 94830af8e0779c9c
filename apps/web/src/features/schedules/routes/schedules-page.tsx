import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Schedule } from '@pago/shared/contracts/schedules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/query-state';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { errorText } from '@/lib/error-text';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session-context';
import {
  type ScheduleAction,
  useCreateSchedule,
  useSavedRecipients,
  useScheduleAction,
  useScheduleList,
  useUpdateSchedule,
} from '../api/schedules';
import { NewScheduleForm } from '../components/new-schedule-form';
import { ScheduleCard } from '../components/schedule-card';
import { ScheduleForm } from '../components/schedule-form';

/**
 * "Envíos programados" (`/schedules`): a transfer home on a rule — once, weekly, every two weeks,
 * monthly or twice a month — to a saved recipient abroad or to a Pago user (by @username); the
 * list with each next date, its actions and its history. The money leaves on each date, at 9:00
 * in the user's time zone.
 */
export default function SchedulesPage() {
  const { t } = useTranslation(['schedules', 'errors']);
  usePageTitle(t('title'));
  const list = useScheduleList();
  const recipients = useSavedRecipients();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const act = useScheduleAction();
  const { user } = useSession();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Schedule | null>(null);
  // A success is kept as its key, so it reads in the language switched to; an error as its words.
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const failure = (e: unknown) => errorText(t, e) ?? t('failed');

  const onAction = async (id: string, action: ScheduleAction) => {
    setNotice(null);
    try {
      await act.mutateAsync({ id, action });
      setNotice({ ok: true, text: `done.${action}` });
    } catch (e) {
      setNotice({ ok: false, text: failure(e) });
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <TitleAndIntro title={t('title')} intro={t('intro')} sx={{ fontSize: { xs: 28, md: 36 } }} />
      {notice && (
        <Alert
          severity={notice.ok ? 'success' : 'error'}
          role={notice.ok ? 'status' : 'alert'}
          sx={{ mb: 2 }}
        >
          {notice.ok ? t(notice.text) : notice.text}
        </Alert>
      )}
      {!creating ? (
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={() => setCreating(true)}
          sx={{ mb: 3 }}
        >
          {t('new')}
        </Button>
      ) : (
        <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('new')}
          </Typography>
          <NewScheduleForm
            recipients={recipients.data?.items}
            myUsername={user?.username}
            busy={create.isPending}
            failure={create.isError ? create.error : null}
            onChange={() => create.reset()}
            onCreate={async (body) => {
              try {
                await create.mutateAsync(body);
                setCreating(false);
                setNotice({ ok: true, text: 'done.create' });
              } catch {
                // Shown by the form (create.error).
              }
            }}
          />
        </Paper>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('listTitle')}
      </Typography>
      {list.isError && <LoadFailed onRetry={list.refetch} message={t('loadFailed')} />}
      {list.data?.items.length === 0 && (
        <Typography color="text.secondary">{t('empty')}</Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {list.data?.items.map((s) => (
          <ScheduleCard
            key={s.id}
            schedule={s}
            busy={act.isPending}
            onAction={(action) => void onAction(s.id, action)}
            onEdit={() => setEditing(s)}
          />
        ))}
      </Box>
      <ResponsiveDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t('editTitle')}
      >
        <DialogContent>
          {editing && (
            <ScheduleForm
              initial={editing}
              submitLabel={t('form.save')}
              busy={update.isPending}
              error={update.isError ? failure(update.error) : null}
              onSubmit={async (values) => {
                try {
                  await update.mutateAsync({ id: editing.id, body: values });
                  setEditing(null);
                  setNotice({ ok: true, text: 'done.edit' });
                } catch {
                  // Shown by the form (update.error).
                }
              }}
            />
          )}
        </DialogContent>
      </ResponsiveDialog>
    </Container>
  );
}
