import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { useCardFundingAvailable } from '@/features/card-funding/api/card-funding';
import { FundingPanel } from '@/features/funding/components/funding-panel';
import { TestMoney } from '@/features/wallet/components/test-money';
import { useCapability, useSandboxMode } from '@/lib/capabilities';

/**
 * "Agregar dinero" from the home screen: from a linked bank (the funding feature's forms, with a
 * way to link one on the profile), then the other ways in — direct deposit, a debit or credit
 * card, a check, cash at a store — each its own page, and in sandbox mode only, test money.
 */
export function AddMoneyDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const cardFunding = useCardFundingAvailable();
  const { t } = useTranslation([
    'dashboard',
    'funding',
    'wallet',
    'direct-deposit',
    'cardfunding',
    'checks',
    'cashDeposits',
  ]);
  const sandbox = useSandboxMode();
  const checks = useCapability('checkDeposits');
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t('addMoney.title')}>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <FundingPanel />
        <Button component={RouterLink} to="/profile#banks" sx={{ justifySelf: 'start' }}>
          {t('addMoney.linkBank')}
        </Button>
        <Divider />
        <Box component="section" aria-labelledby="other-ways">
          <Typography
            id="other-ways"
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 700, mb: 1 }}
          >
            {t('addMoney.otherWays')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Button component={RouterLink} to="/direct-deposit" variant="outlined">
              {t('direct-deposit:addMoneyLink')}
            </Button>
            {cardFunding && (
              <Button component={RouterLink} to="/add-money/card" variant="outlined">
                {t('cardfunding:choice')}
              </Button>
            )}
            {checks && (
              <Button component={RouterLink} to="/deposit-check" variant="outlined">
                {t('checks:addMoneyEntry')}
              </Button>
            )}
            <Button component={RouterLink} to="/cash-deposit" variant="outlined">
              {t('cashDeposits:addMoney')}
            </Button>
          </Box>
          {cardFunding && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('cardfunding:fees')}
            </Typography>
          )}
        </Box>
        {sandbox && (
          <>
            <Divider />
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {t('addMoney.testMoney')}
              </Typography>
              <TestMoney />
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('addMoney.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
