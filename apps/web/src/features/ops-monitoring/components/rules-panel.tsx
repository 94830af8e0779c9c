import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type MonitoringRule, RULE_THRESHOLD_SCHEMAS } from '@pago/shared/contracts/monitoring';
import { cents, formatUsd, type Locale } from '@pago/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { useLocale } from '@/lib/format';
import { useUpdateRule } from '../api/monitoring-queries';

/** A rule's thresholds in the order its schema names them (jsonb keeps its own order). */
function ordered(rule: MonitoringRule): [string, unknown][] {
  const names = Object.keys(RULE_THRESHOLD_SCHEMAS[rule.code].shape);
  return Object.entries(rule.thresholds).sort(([a], [b]) => names.indexOf(a) - names.indexOf(b));
}

/** A threshold as read: money in dollars, lists joined, counts as they are. */
function thresholdText(name: string, value: unknown, locale: Locale): string {
  const asMoney = (v: unknown) => (typeof v === 'number' ? formatUsd(cents(v), locale) : String(v));
  if (Array.isArray(value))
    return value.map((v) => (name.endsWith('Cents') ? asMoney(v) : String(v))).join(' · ');
  return name.endsWith('Cents') ? asMoney(value) : String(value);
}

/** The rules: what each watches and its thresholds; an admin turns one off or changes a figure. */
export function RulesPanel({
  rules,
  mayEdit,
  onChanged,
}: {
  rules: MonitoringRule[];
  mayEdit: boolean;
  onChanged(notice: { key: 'rulesPanel.saved'; rule: MonitoringRule['code'] }): void;
}) {
  const { t } = useTranslation('opsMonitoring');
  const locale = useLocale();
  const update = useUpdateRule();
  const [editing, setEditing] = useState<MonitoringRule | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [values, setValues] = useState<Record<string, string>>({});

  const open = (rule: MonitoringRule) => {
    setEditing(rule);
    setEnabled(rule.enabled);
    setValues(
      Object.fromEntries(
        ordered(rule)
          .filter(([, v]) => typeof v === 'number')
          .map(([k, v]) => [k, k.endsWith('Cents') ? String((v as number) / 100) : String(v)]),
      ),
    );
  };

  return (
    <Stack spacing={2}>
      {rules.map((rule) => (
        <Card key={rule.code} variant="outlined" component="article">
          <CardContent>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
              <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
                {t(`rules.${rule.code}.name`)}
              </Typography>
              <Chip
                size="small"
                color={rule.enabled ? 'success' : 'default'}
                label={rule.enabled ? t('rulesPanel.on') : t('rulesPanel.off')}
              />
              <Chip size="small" variant="outlined" label={t(`rulesPanel.action.${rule.action}`)} />
            </Box>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t(`rules.${rule.code}.description`)}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              {ordered(rule).map(([name, value]) => (
                <Box key={name} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {t(`thresholds.${name}`, { defaultValue: name })}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {thresholdText(name, value, locale)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
          {mayEdit && (
            <CardActions>
              <Button onClick={() => open(rule)}>{t('rulesPanel.edit')}</Button>
            </CardActions>
          )}
        </Card>
      ))}
      <ReasonDialog
        open={editing !== null}
        title={editing ? t('rulesPanel.editTitle', { name: t(`rules.${editing.code}.name`) }) : ''}
        confirmLabel={t('rulesPanel.save')}
        onClose={() => setEditing(null)}
        onConfirm={async (reason) => {
          if (!editing) return;
          const thresholds = Object.fromEntries(
            Object.entries(values).map(([k, v]) => [
              k,
              k.endsWith('Cents') ? Math.round(Number(v) * 100) : Number(v),
            ]),
          );
          await update.mutateAsync({ code: editing.code, enabled, thresholds, reason });
          onChanged({ key: 'rulesPanel.saved', rule: editing.code });
        }}
      >
        <Stack spacing={2} sx={{ mb: 2 }}>
          <FormControlLabel
            control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
            label={t('rulesPanel.enabled')}
          />
          {Object.entries(values).map(([name, value]) => (
            <TextField
              key={name}
              label={t(`thresholds.${name}`, { defaultValue: name })}
              value={value}
              onChange={(e) => setValues((all) => ({ ...all, [name]: e.target.value }))}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ))}
        </Stack>
      </ReasonDialog>
    </Stack>
  );
}
