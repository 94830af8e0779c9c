import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BILL_CATEGORIES } from '@pago/shared/bill-categories';
import type { Biller } from '@pago/shared/contracts/billpay';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/query-state';
import { useBillers } from '../api/billpay';
import { methodText } from './bill-text';

type Props = { enabled: boolean; onChoose(biller: Biller): void };

/** The biller directory: a name searched within one of the spec's categories. */
export function BillerSearch({ enabled, onChoose }: Props) {
  const { t } = useTranslation('billpay');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const deferred = useDeferredValue(query);
  const searching = enabled && (deferred.trim().length >= 2 || category !== '');
  const billers = useBillers({ query: deferred, category: category || null }, searching);
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('search.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          type="search"
          label={t('search.query')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          disabled={!enabled}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <TextField
          select
          label={t('search.category')}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          disabled={!enabled}
        >
          <MenuItem value="">{t('search.allCategories')}</MenuItem>
          {BILL_CATEGORIES.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {t(`categories.${c.id}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {searching && billers.isError && (
        <LoadFailed onRetry={billers.refetch} message={t('pay.billersFailed')} />
      )}
      {searching && billers.data && (
        <List aria-label={t('search.results')} sx={{ mt: 1 }}>
          {billers.data.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 1 }}>
              {t('search.none')}
            </Typography>
          )}
          {billers.data.map((biller) => (
            <ListItem
              key={biller.id}
              divider
              disableGutters
              secondaryAction={
                <Button size="small" variant="outlined" onClick={() => onChoose(biller)}>
                  {t('search.pay')}
                  <Box component="span" sx={visuallyHidden}>
                    {` ${biller.name}`}
                  </Box>
                </Button>
              }
            >
              <ListItemText
                primary={biller.name}
                secondary={`${t(`billTypes.${biller.paymentType}`)} · ${methodText(t, biller)}`}
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
