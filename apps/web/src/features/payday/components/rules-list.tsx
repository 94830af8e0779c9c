import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { PaydayRule } from '@pago/shared/contracts/payday';
import { type Cents, formatUsd, intlLocale } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';

/** "10 % de cada depósito a Rosa Pérez": what a rule does, in the page's language. */
function useRuleSentence() {
  const { t } = useTranslation('payday');
  const locale = useLocale();
  return (rule: PaydayRule) => {
    const name = rule.recipientName;
    if (rule.share.kind === 'percent') {
      const percent = new Intl.NumberFormat(intlLocale(locale), {
        maximumFractionDigits: 2,
      }).format(rule.share.percentBps / 100);
      return t('rules.percent', { percent, name });
    }
    return t('rules.fixed', { amount: formatUsd(rule.share.fixedCents as Cents, locale), name });
  };
}

/** The person's rules: what each does, on/off, edit and delete. */
export function RulesList({
  rules,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: {
  rules: PaydayRule[];
  busy: boolean;
  onToggle(rule: PaydayRule, enabled: boolean): void;
  onEdit(rule: PaydayRule): void;
  onDelete(rule: PaydayRule): void;
}) {
  const { t } = useTranslation('payday');
  const locale = useLocale();
  const ruleSentence = useRuleSentence();
  if (rules.length === 0) return <Typography color="text.secondary">{t('rules.none')}</Typography>;
  return (
    <List aria-label={t('rules.title')} sx={{ py: 0 }}>
      {rules.map((rule) => {
        const sentence = ruleSentence(rule);
        const details = [
          rule.maxCents !== null &&
            t('rules.cap', { amount: formatUsd(rule.maxCents as Cents, locale) }),
          rule.minDepositCents > 0 &&
            t('rules.min', { amount: formatUsd(rule.minDepositCents as Cents, locale) }),
          rule.speed === 'express' && t('rules.express'),
        ].filter(Boolean);
        return (
          <ListItem key={rule.id} disableGutters divider sx={{ display: 'block' }}>
            <Typography sx={{ fontWeight: 600 }}>{sentence}</Typography>
            {details.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {details.join(' · ')}
              </Typography>
            )}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
              <FormControlLabel
                sx={{ mr: 'auto' }}
                control={
                  <Switch
                    checked={rule.enabled}
                    disabled={busy}
                    onChange={(e) => onToggle(rule, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `${t('rules.enabled')}: ${sentence}` } }}
                  />
                }
                label={t('rules.enabled')}
              />
              <Button size="small" onClick={() => onEdit(rule)} disabled={busy}>
                {t('rules.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => onDelete(rule)} disabled={busy}>
                {t('rules.delete')}
              </Button>
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}
