import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  type CorridorCountry,
  type FeePrice,
  getCorridor,
  internationalFee,
  internationalFeeBreakdown,
  REGION_FEES,
} from '@pago/shared/fees';
import { addCents, cents, percentOf } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import type { FeeFormat } from './fee-format';

// The examples' inputs; every fee they show is computed by the same functions quotes use.
const EXAMPLE_AMOUNT = cents(10_000);
const EXAMPLE_COUNTRY: CorridorCountry = 'MX';

/** "Sending $100.00 to Mexico": the standard and express fee, worked out step by step. */
export function InternationalFeeExample({ format }: { format: FeeFormat }) {
  const { t } = useTranslation('fees');
  const standard = internationalFeeBreakdown(EXAMPLE_COUNTRY, EXAMPLE_AMOUNT, 'standard');
  const express = internationalFeeBreakdown(EXAMPLE_COUNTRY, EXAMPLE_AMOUNT, 'express');
  const amount = format.usd(EXAMPLE_AMOUNT);

  return (
    <Paper variant="outlined" sx={{ mt: 2, p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h3" gutterBottom>
        {t('example.title', { amount, country: format.countryName(EXAMPLE_COUNTRY) })}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {t('example.standard', {
          percent: format.percent(REGION_FEES[getCorridor(EXAMPLE_COUNTRY).region].bps),
          amount,
          percentFee: format.usd(standard.percentCents),
          fixed: format.usd(standard.fixedCents),
          total: format.usd(standard.totalCents),
        })}
      </Typography>
      <Typography>
        {t('example.express', {
          standard: format.usd(standard.totalCents),
          extra: format.usd(express.expressCents),
          total: format.usd(express.totalCents),
        })}
      </Typography>
    </Paper>
  );
}

/** What the traditional range comes to on the example amount, next to Pago's standard fee. */
export function RemittanceComparison({
  price,
  format,
}: {
  price: Extract<FeePrice, { kind: 'percentRangePlusFixedRange' }>;
  format: FeeFormat;
}) {
  const { t } = useTranslation('fees');
  return (
    <Typography sx={{ mt: 2 }}>
      {t('comparisonExample', {
        amount: format.usd(EXAMPLE_AMOUNT),
        min: format.usd(addCents(percentOf(EXAMPLE_AMOUNT, price.minBps), price.minFixedCents)),
        max: format.usd(addCents(percentOf(EXAMPLE_AMOUNT, price.maxBps), price.maxFixedCents)),
        country: format.countryName(EXAMPLE_COUNTRY),
        pago: format.usd(internationalFee(EXAMPLE_COUNTRY, EXAMPLE_AMOUNT, 'standard')),
      })}
    </Typography>
  );
}
