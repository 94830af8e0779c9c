import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { downloadMyData } from '../api/account-rights';
import { ConfirmFields, type Notice, NoticeArea } from './confirm-fields';

/** "Descargar mis datos": what the ZIP holds and leaves out, the password, then the download. */
export function DownloadDataDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['accountRights', 'errors']);
  const [needsCode, setNeedsCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      await downloadMyData({ password, ...(needsCode ? { twoStepCode: code.trim() } : {}) });
      setPassword('');
      setCode('');
      setNotice({ error: false, text: t('download.done') });
    } catch (failure) {
      const wrong = failure instanceof ApiError && failure.code === 'invalid_credentials';
      if (failure instanceof ApiError && failure.code === 'two_step_required') setNeedsCode(true);
      setNotice({
        error: true,
        text: wrong ? t('wrongPassword') : (errorText(t, failure) ?? t('download.failed')),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResponsiveDialog open onClose={onClose} title={t('download.title')}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Typography>{t('download.intro')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {(t('download.contents', { returnObjects: true }) as string[]).map((line) => (
              <Typography component="li" variant="body2" key={line}>
                {line}
              </Typography>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('download.excluded')}
          </Typography>
          <NoticeArea notice={notice} />
          <ConfirmFields
            password={password}
            onPassword={setPassword}
            code={code}
            onCode={setCode}
            needsCode={needsCode}
            disabled={busy}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !password || (needsCode && !code.trim())}
          >
            {busy ? t('download.busy') : t('download.submit')}
          </Button>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  );
}
