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
 * way to link one on the profile), with a debit or credit card (the card funding page), and in
 * sandbox mode only, test money as an extra.
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
        <Button component={RouterLink} to="/direct-deposit" sx={{ justifySelf: 'start' }}>
          {t('direct-deposit:addMoneyLink')}
        </Button>
        {cardFunding && (
          <>
            <Divider />
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
                {t('cardfunding:choiceTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('cardfunding:fees')}
              </Typography>
              <Button component={RouterLink} to="/add-money/card" variant="outlined">
                {t('cardfunding:choice')}
              </Button>
            </Box>
          </>
        )}
        {checks && (
          <Button
            component={RouterLink}
            to="/deposit-check"
            variant="outlined"
            sx={{ justifySelf: 'start' }}
          >
            {t('checks:addMoneyEntry')}
          </Button>
        )}
        <Button component={RouterLink} to="/cash-deposit" sx={{ justifySelf: 'start' }}>
          {t('cashDeposits:addMoney')}
        </Button>
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
