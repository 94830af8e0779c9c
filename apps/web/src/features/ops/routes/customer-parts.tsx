import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The customer page's pieces: the reason asked before reading, a section, label–value rows. */
export function ReasonGate({ onReason }: { onReason(reason: string): void }) {
  const { t } = useTranslation('ops');
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim().length >= 3) onReason(draft.trim());
  };
  return (
    <Paper component="form" onSubmit={submit} variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem', fontWeight: 700, mb: 1 }}>
        {t('customer.whyTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('customer.whyIntro')}
      </Typography>
      <TextField
        label={t('reason.label')}
        helperText={t('reason.help')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        fullWidth
        multiline
        minRows={2}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={draft.trim().length < 3}>
        {t('customer.open')}
      </Button>
    </Paper>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
