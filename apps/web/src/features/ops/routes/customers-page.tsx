import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useCustomerSearch } from '../api/ops-queries';

/** Finding a customer: by e-mail, phone, username, name, or a transfer's reference or id. */
export default function CustomersPage() {
  const { t } = useTranslation('ops');
  usePageTitle(t('customers.title'));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const results = useCustomerSearch(q);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, mb: 1 }}>
        {t('customers.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('customers.intro')}
      </Typography>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <TextField
          label={t('customers.search')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained">
          {t('customers.find')}
        </Button>
      </Box>
      {results.isFetching && <CircularProgress aria-label={t('common.loading')} />}
      {results.isError && <Alert severity="error">{t('common.error')}</Alert>}
      {results.data?.length === 0 && <Typography>{t('customers.none')}</Typography>}
      {results.data && results.data.length > 0 && (
        <Paper variant="outlined">
          <List aria-label={t('customers.results')} disablePadding>
            {results.data.map((customer) => (
              <ListItem key={customer.id} disablePadding divider>
                <ListItemButton component={RouterLink} to={`/ops/customers/${customer.id}`}>
                  <ListItemText
                    primary={
                      <>
                        {customer.name}{' '}
                        {customer.frozen && (
                          <Chip size="small" color="warning" label={t('customer.frozen')} />
                        )}
                      </>
                    }
                    secondary={[`@${customer.username}`, customer.email, customer.phone]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
