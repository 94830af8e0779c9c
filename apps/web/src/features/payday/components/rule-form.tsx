import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PaydayRule, PaydayRuleBody } from '@pago/shared/contracts/payday';
import type { Recipient } from '@pago/shared/contracts/remittances';
import { type Cents, centsToDecimalString, type Locale, parseAmount } from '@pago/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { readAmount } from '@/lib/amount';
import { errorText } from '@/lib/error-text';
import { useLocale } from '@/lib/format';

type Draft = {
  recipientId: string;
  kind: 'percent' | 'fixed';
  percent: string;
  fixed: string;
  cap: string;
  minDeposit: string;
  speed: 'standard' | 'express';
};

/** Cents (or basis points: the same two decimals) as the field shows them in the page's language. */
function asText(value: number | null | undefined, locale: Locale) {
  if (value == null || value === 0) return '';
  const text = centsToDecimalString(value as Cents).replace(/\.00$/, '');
  return locale === 'es' ? text.replace('.', ',') : text;
}

function draftOf(rule: PaydayRule | undefined, recipients: Recipient[], locale: Locale): Draft {
  return {
    recipientId: rule?.recipientId ?? recipients[0]?.id ?? '',
    kind: rule?.share.kind ?? 'percent',
    percent: rule?.share.kind === 'percent' ? asText(rule.share.percentBps, locale) : '10',
    fixed: rule?.share.kind === 'fixed' ? asText(rule.share.fixedCents, locale) : '',
    cap: asText(rule?.maxCents, locale),
    minDeposit: asText(rule?.minDepositCents, locale),
    speed: rule?.speed ?? 'standard',
  };
}

type Problems = Partial<Record<'percent' | 'fixed' | 'cap' | 'minDeposit', string>>;

/**
 * A rule's form: to whom, a percentage or a fixed amount, an optional cap and minimum deposit,
 * and the speed. Creating and editing share it (`rule` given: editing).
 */
export function RuleForm({
  rule,
  recipients,
  busy,
  failure,
  onSave,
  onCancel,
}: {
  rule?: PaydayRule;
  recipients: Recipient[];
  busy: boolean;
  failure: unknown;
  onSave(body: Omit<PaydayRuleBody, 'enabled'>): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation(['payday', 'errors', 'common']);
  const locale = useLocale();
  const [draft, setDraft] = useState(() => draftOf(rule, recipients, locale));
  const [problems, setProblems] = useState<Problems>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  if (recipients.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" component={RouterLink} to="/send-home">
            {t('form.addRecipient')}
          </Button>
        }
      >
        {t('form.noRecipients')}
      </Alert>
    );
  }

  function optionalCents(text: string, key: 'cap' | 'minDeposit', found: Problems) {
    if (!text.trim()) return null;
    const read = readAmount(text, locale);
    if (read.problem) found[key] = t(read.problem);
    return read.cents ?? null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {};
    let share: PaydayRuleBody['share'] | null = null;
    if (draft.kind === 'percent') {
      const bps = parseAmount(draft.percent, locale);
      if (bps === null || bps < 1 || bps > 10_000) found.percent = t('form.percentInvalid');
      else share = { kind: 'percent', percentBps: bps };
    } else {
      const read = readAmount(draft.fixed, locale);
      if (read.problem) found.fixed = t(read.problem);
      else share = { kind: 'fixed', fixedCents: read.cents };
    }
    const maxCents = optionalCents(draft.cap, 'cap', found);
    const minDepositCents = optionalCents(draft.minDeposit, 'minDeposit', found) ?? 0;
    setProblems(found);
    if (!share || Object.keys(found).length > 0) return;
    onSave({
      share,
      recipientId: draft.recipientId,
      maxCents,
      minDepositCents,
      speed: draft.speed,
    });
  }

  const failed = failure ? (errorText(t, failure) ?? t('form.saveFailed')) : null;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        label={t('form.recipient')}
        value={draft.recipientId}
        onChange={(e) => set({ recipientId: e.target.value })}
      >
        {recipients.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {`${r.fullName} · ${r.country}`}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Typography variant="body2" color="text.secondary" id="payday-share-kind" sx={{ mb: 1 }}>
          {t('form.shareKind')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          fullWidth
          aria-labelledby="payday-share-kind"
          value={draft.kind}
          onChange={(_e, kind) => kind && set({ kind })}
        >
          <ToggleButton value="percent">{t('form.percent')}</ToggleButton>
          <ToggleButton value="fixed">{t('form.fixed')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {draft.kind === 'percent' ? (
        <TextField
          label={t('form.percentLabel')}
          value={draft.percent}
          onChange={(e) => set({ percent: e.target.value })}
          error={Boolean(problems.percent)}
          helperText={problems.percent ?? t('form.percentHelp')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      ) : (
        <UsdAmountField
          label={t('form.fixedLabel')}
          value={draft.fixed}
          onChange={(e) => set({ fixed: e.target.value })}
          error={Boolean(problems.fixed)}
          helperText={problems.fixed}
        />
      )}
      <UsdAmountField
        label={t('form.cap')}
        value={draft.cap}
        onChange={(e) => set({ cap: e.target.value })}
        error={Boolean(problems.cap)}
        helperText={problems.cap ?? t('form.capHelp')}
      />
      <UsdAmountField
        label={t('form.minDeposit')}
        value={draft.minDeposit}
        onChange={(e) => set({ minDeposit: e.target.value })}
        error={Boolean(problems.minDeposit)}
        helperText={problems.minDeposit ?? t('form.minDepositHelp')}
      />
      <TextField
        select
        label={t('form.speed')}
        value={draft.speed}
        onChange={(e) => set({ speed: e.target.value as Draft['speed'] })}
      >
        <MenuItem value="standard">{t('form.standard')}</MenuItem>
        <MenuItem value="express">{t('form.express')}</MenuItem>
      </TextField>
      <Typography variant="body2" color="text.secondary">
        {t('form.feeNote')}
      </Typography>
      {failed && <Alert severity="error">{failed}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          sx={{ flex: { xs: 1, sm: 'none' } }}
        >
          {t('form.save')}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            {t('rules.cancel')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
