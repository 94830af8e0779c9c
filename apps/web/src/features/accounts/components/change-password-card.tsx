import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { changePassword, securityKeys, useSecurityStatus } from '../api/security';
import { checkPassword } from '../lib/password-check';
import { NewPasswordFields } from './new-password-fields';
import { type Notice, NoticeArea, TwoStepCodeField } from './security-parts';

/** Change of password while signed in: the current one, a new one (and a code when on). */
export function ChangePasswordCard() {
  const { t } = useTranslation(['security', 'errors']);
  const status = useSecurityStatus();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Notice>(null);
  const needsCode = status.data?.twoStepEnabled === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (password !== confirmPassword) {
      setMessage({ error: true, text: t('password.mismatch') });
      return;
    }
    const weakness = await checkPassword(password);
    if (weakness) {
      setMessage({
        error: true,
        text: t(weakness === 'common' ? 'password.common' : 'password.length'),
      });
      return;
    }
    setBusy(true);
    try {
      await changePassword({
        currentPassword: current,
        newPassword: password,
        ...(needsCode ? { twoStepCode: code.trim() } : {}),
      });
      setCurrent('');
      setPassword('');
      setConfirmPassword('');
      setCode('');
      setMessage({ error: false, text: t('password.changed') });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (failure) {
      const wrongCurrent = failure instanceof ApiError && failure.code === 'invalid_credentials';
      setMessage({
        error: true,
        text: wrongCurrent ? t('password.wrongCurrent') : (errorText(t, failure) ?? t('failed')),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('password.intro')}</Typography>
      <NoticeArea notice={message} />
      <TextField
        label={t('password.current')}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        disabled={busy}
      />
      <NewPasswordFields
        label={t('password.new')}
        password={password}
        confirmPassword={confirmPassword}
        onPassword={setPassword}
        onConfirmPassword={setConfirmPassword}
        disabled={busy}
      />
      {needsCode && <TwoStepCodeField value={code} onChange={setCode} disabled={busy} />}
      <Button
        type="submit"
        variant="contained"
        disabled={busy || !current || !password || (needsCode && !code.trim())}
        sx={{ justifySelf: 'start' }}
      >
        {t('password.submit')}
      </Button>
    </Box>
  );
}
