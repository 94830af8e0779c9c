import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TwoStepSetup } from '@pago/shared/contracts/security';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { errorText } from '@/lib/error-text';
import {
  confirmTwoStep,
  disableTwoStep,
  securityKeys,
  startTwoStep,
  useSecurityStatus,
} from '../api/security';
import { type Notice, NoticeArea, TwoStepCodeField } from './security-parts';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoStepSetup; qr: string | null }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

/** Two-step codes: on (scan, confirm, recovery codes shown once) and off (password and code). */
export function TwoStepCard() {
  const { t } = useTranslation(['security', 'errors']);
  const status = useSecurityStatus();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Notice>(null);

  const fail = (failure: unknown) =>
    setMessage({ error: true, text: errorText(t, failure) ?? t('failed') });
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const setupUri = step.kind === 'setup' ? step.setup.otpauthUri : null;
  useEffect(() => {
    if (!setupUri) return;
    let live = true;
    QRCode.toDataURL(setupUri, { margin: 1, width: 200 }).then(
      (qr) => live && setStep((now) => (now.kind === 'setup' ? { ...now, qr } : now)),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [setupUri]);

  if (status.isPending) return <Loading>{null}</Loading>;
  if (status.isError) return <LoadFailed message={t('failed')} onRetry={() => status.refetch()} />;
  const enabled = status.data.twoStepEnabled;
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.status });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { recoveryCodes } = await confirmTwoStep(code);
      setCode('');
      setStep({ kind: 'codes', codes: recoveryCodes });
      await refresh();
    });
  };
  const disable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await disableTwoStep(password, code);
      setCode('');
      setPassword('');
      setStep({ kind: 'idle' });
      setMessage({ error: false, text: t('twoStep.turnedOff') });
      await refresh();
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          label={enabled ? t('twoStep.on') : t('twoStep.off')}
          color={enabled ? 'success' : 'default'}
          size="small"
        />
        {enabled && (
          <Typography variant="body2" color="text.secondary">
            {t('twoStep.recoveryLeft', { count: status.data.recoveryCodesLeft })}
          </Typography>
        )}
      </Box>
      <Typography color="text.secondary">{t('twoStep.intro')}</Typography>
      <NoticeArea notice={message} />

      {step.kind === 'idle' && !enabled && (
        <Button
          variant="contained"
          disabled={busy}
          onClick={() =>
            void run(async () => setStep({ kind: 'setup', setup: await startTwoStep(), qr: null }))
          }
          sx={{ justifySelf: 'start' }}
        >
          {t('twoStep.turnOn')}
        </Button>
      )}

      {step.kind === 'setup' && (
        <Box component="form" noValidate onSubmit={confirm} sx={{ display: 'grid', gap: 2 }}>
          <Typography>{t('twoStep.scan')}</Typography>
          {step.qr && (
            <Box
              component="img"
              src={step.qr}
              alt={t('twoStep.qrAlt')}
              sx={{ width: 200, height: 200, justifySelf: 'center' }}
            />
          )}
          <TextField
            label={t('twoStep.secretLabel')}
            value={step.setup.secret}
            multiline
            sx={{ '& textarea': { fontFamily: 'monospace', wordBreak: 'break-all' } }}
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'two-step-secret', spellCheck: false },
            }}
          />
          <TextField
            label={t('twoStep.confirmLabel')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            disabled={busy}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={busy || code.trim().length !== 6}>
              {t('twoStep.confirm')}
            </Button>
            <Button onClick={() => setStep({ kind: 'idle' })} disabled={busy}>
              {t('twoStep.cancel')}
            </Button>
          </Box>
        </Box>
      )}

      {step.kind === 'codes' && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="success" role="status">
            {t('twoStep.turnedOn')}
          </Alert>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('twoStep.recoveryTitle')}
          </Typography>
          <Typography color="text.secondary">{t('twoStep.recoveryIntro')}</Typography>
          <Box
            component="ul"
            data-testid="recovery-codes"
            sx={{
              m: 0,
              p: 2,
              listStyle: 'none',
              display: 'grid',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              gap: 1,
              fontFamily: 'monospace',
              bgcolor: 'action.hover',
              borderRadius: 1,
            }}
          >
            {step.codes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </Box>
          <Button
            variant="contained"
            onClick={() => setStep({ kind: 'idle' })}
            sx={{ justifySelf: 'start' }}
          >
            {t('twoStep.recoveryDone')}
          </Button>
        </Box>
      )}

      {step.kind === 'idle' && enabled && (
        <Button
          variant="outlined"
          onClick={() => setStep({ kind: 'disable' })}
          sx={{ justifySelf: 'start' }}
        >
          {t('twoStep.turnOff')}
        </Button>
      )}

      {step.kind === 'disable' && (
        <Box component="form" noValidate onSubmit={disable} sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('twoStep.disableTitle')}
          </Typography>
          <TextField
            label={t('twoStep.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={busy}
          />
          <TwoStepCodeField value={code} onChange={setCode} disabled={busy} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={busy || !password || !code.trim()}
            >
              {t('twoStep.turnOff')}
            </Button>
            <Button onClick={() => setStep({ kind: 'idle' })} disabled={busy}>
              {t('twoStep.cancel')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
