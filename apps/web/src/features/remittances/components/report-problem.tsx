import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ERROR_CASE_REASONS,
  ERROR_CASE_REMEDIES,
  type ErrorCase,
  errorCaseBody,
  type RemittanceTracking,
} from '@pago/shared/contracts/remittances';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { formatDay, useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useReportProblem } from '../api/remittances';

type Draft = { reason: string; description: string; remedy: string };

/**
 * The sender's right to report an error (the rule's 180 days after the availability date): what
 * happened, optionally more words, and the remedy they want if it was an error (their money back
 * or the transfer sent again free); then the cases with where each stands.
 */
export function ReportProblem({ tracking }: { tracking: RemittanceTracking }) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>({ reason: '', description: '', remedy: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [opened, setOpened] = useState<ErrorCase | null>(null);
  const [feedback, setFeedback] = useFeedback();
  const report = useReportProblem(tracking.transfer.id);
  if (!tracking.canReport && tracking.cases.length === 0) return null;

  const set = (name: keyof Draft) => (value: string) => {
    setDraft((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    const description = draft.description.trim();
    const parsed = errorCaseBody.safeParse({
      reason: draft.reason,
      remedy: draft.remedy,
      ...(description ? { description } : {}),
    });
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Draft;
        found[field] ??= `report.errors.${field}`;
      }
      setErrors(found);
      return;
    }
    try {
      setOpened(await report.mutateAsync(parsed.data));
      setOpen(false);
      setDraft({ reason: '', description: '', remedy: '' });
    } catch (failure) {
      setFeedback(moneyErrorFeedback(t, failure, 'report.failed', locale));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h2">
        {t('report.title')}
      </Typography>
      {opened && (
        <Alert severity="success" role="status">
          {t('report.sent', { date: formatDay(opened.decideBy, locale) })}
        </Alert>
      )}
      <FeedbackMessage feedback={feedback} />
      {tracking.canReport && !open && (
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Typography variant="body2" color="text.secondary">
            {t('report.reportBy', { date: formatDay(tracking.reportBy, locale) })}
          </Typography>
          <Button variant="outlined" onClick={() => setOpen(true)}>
            {t('report.button')}
          </Button>
        </Box>
      )}
      {tracking.canReport && open && (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
          <FormControl component="fieldset" error={Boolean(errors.reason)}>
            <FormLabel component="legend">{t('report.reason')}</FormLabel>
            <RadioGroup value={draft.reason} onChange={(e) => set('reason')(e.target.value)}>
              {ERROR_CASE_REASONS.map((reason) => (
                <FormControlLabel
                  key={reason}
                  value={reason}
                  control={<Radio />}
                  label={t(`report.reasons.${reason}`)}
                />
              ))}
            </RadioGroup>
            {errors.reason && <FormHelperText>{t(errors.reason)}</FormHelperText>}
          </FormControl>
          <TextField
            multiline
            minRows={2}
            fullWidth
            label={t('report.description')}
            value={draft.description}
            onChange={(e) => set('description')(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <FormControl component="fieldset" error={Boolean(errors.remedy)}>
            <FormLabel component="legend">{t('report.remedy')}</FormLabel>
            <RadioGroup value={draft.remedy} onChange={(e) => set('remedy')(e.target.value)}>
              {ERROR_CASE_REMEDIES.map((remedy) => (
                <FormControlLabel
                  key={remedy}
                  value={remedy}
                  control={<Radio />}
                  label={t(`report.remedies.${remedy}`)}
                />
              ))}
            </RadioGroup>
            {errors.remedy && <FormHelperText>{t(errors.remedy)}</FormHelperText>}
          </FormControl>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={report.isPending}>
              {t('report.submit')}
            </Button>
            <Button onClick={() => setOpen(false)} disabled={report.isPending}>
              {t('report.cancel')}
            </Button>
          </Box>
        </Box>
      )}
      {tracking.cases.length > 0 && <CaseList cases={tracking.cases} />}
    </Paper>
  );
}

/** The sender's reports on this remittance: what, when, where it stands, and the answer. */
function CaseList({ cases }: { cases: ErrorCase[] }) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('cases.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {cases.map((item) => (
          <Box
            component="li"
            key={item.id}
            data-testid="error-case"
            sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}
          >
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600, flex: 1 }}>
                {t(`report.reasons.${item.reason}`)}
              </Typography>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {t(`cases.status.${item.status}`)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('cases.opened', { date: formatDay(item.openedAt, locale) })}
            </Typography>
            <Typography variant="body2">
              {t('cases.remedy', { remedy: t(`report.remedies.${item.remedy}`) })}
            </Typography>
            {item.status === 'open' ? (
              <Typography variant="body2">
                {t('cases.decideBy', { date: formatDay(item.decideBy, locale) })}
              </Typography>
            ) : (
              item.resolution && (
                <Typography variant="body2">
                  {t('cases.resolution', { text: item.resolution })}
                </Typography>
              )
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
