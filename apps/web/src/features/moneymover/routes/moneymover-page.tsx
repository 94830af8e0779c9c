import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';

const TABS = ['send', 'request', 'bank'] as const;
type TabId = (typeof TABS)[number];

/**
 * Send Money, Request Money and Bank Transfer, with the available balance. Visitors are asked to
 * log in to act; the forms and the real balance arrive with the money work.
 */
export default function MoneyMoverPage() {
  const { t } = useTranslation('moneymover');
  const { isAuthenticated } = useSession();
  const [tab, setTab] = useState<TabId>('send');
  const baseId = useId();
  usePageTitle(t('title'));

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 32, md: 44 } }} gutterBottom>
        {t('title')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 3, mb: 3 }}
        component="section"
        aria-labelledby={`${baseId}-balance`}
      >
        <Typography
          id={`${baseId}-balance`}
          variant="overline"
          component="h2"
          color="text.secondary"
        >
          {t('balance.title')}
        </Typography>
        <Typography>
          {isAuthenticated ? t('common:status.comingWithMoney') : t('balance.loginToSee')}
        </Typography>
      </Paper>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, value: TabId) => setTab(value)}
          variant="fullWidth"
          aria-label={t('tabsLabel')}
        >
          {TABS.map((id) => (
            <Tab
              key={id}
              value={id}
              label={t(`tabs.${id}.label`)}
              id={`${baseId}-tab-${id}`}
              aria-controls={`${baseId}-panel-${id}`}
            />
          ))}
        </Tabs>
        {TABS.map((id) => (
          <Box
            key={id}
            role="tabpanel"
            hidden={tab !== id}
            id={`${baseId}-panel-${id}`}
            aria-labelledby={`${baseId}-tab-${id}`}
            sx={{ p: 3 }}
          >
            {tab === id && (
              <>
                <Typography sx={{ mb: 2 }}>{t(`tabs.${id}.description`)}</Typography>
                <Box component="ul" sx={{ pl: 3, mb: 3, color: 'text.secondary' }}>
                  {(t(`tabs.${id}.fields`, { returnObjects: true }) as string[]).map((field) => (
                    <li key={field}>{field}</li>
                  ))}
                </Box>
                {isAuthenticated ? (
                  <Alert severity="info">{t('common:status.comingWithMoney')}</Alert>
                ) : (
                  <Button
                    variant="contained"
                    component={RouterLink}
                    to="/login"
                    state={{ from: { pathname: '/moneymover' } }}
                  >
                    {t(`tabs.${id}.loginToAct`)}
                  </Button>
                )}
              </>
            )}
          </Box>
        ))}
      </Paper>
    </Container>
  );
}
