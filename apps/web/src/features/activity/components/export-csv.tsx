import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadActivityCsv } from '../api/activity';
import { isoDate } from '../lib/format';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date range's transfers as a CSV file (days are US Eastern, both ends included). */
export function ExportCsv() {
  const { t } = useTranslation('activity');
  const headingId = useId();
  const today = new Date();
  const [from, setFrom] = useState(() =>
    isoDate(new Date(today.getFullYear(), today.getMonth(), 1)),
  );
  const [to, setTo] = useState(() => isoDate(today));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!DATE.test(from) || !DATE.test(to)) return setProblem(t('export.errors.dates'));
    // ISO dates compare as text.
    if (from > to) return setProblem(t('export.errors.order'));
    setProblem(null);
    setBusy(true);
    try {
      await downloadActivityCsv(from, to);
    } catch {
      setProblem(t('export.errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('export.title')}
      </Typography>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
          {problem}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr auto' },
          alignItems: 'start',
        }}
      >
        <TextField
          type="date"
          label={t('export.from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
          size="small"
        />
        <TextField
          type="date"
          label={t('export.to')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
          size="small"
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={busy}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minHeight: 40 }}
        >
          {busy ? t('common:status.processing') : t('export.download')}
        </Button>
      </Box>
    </Box>
  );
}
