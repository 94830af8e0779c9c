import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { standardSchedule } from '@pago/shared/delivery-times';
import {
  CORRIDORS,
  type FeeRow,
  type FeeSection as FeeSectionData,
  getCorridor,
  REGION_FEES,
  type Region,
} from '@pago/shared/fees';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InternationalFeeExample, RemittanceComparison } from './fee-examples';
import { type FeeFormat, useFeeFormat } from './fee-format';
import { FeeTable, type FeeTableRow } from './fee-table';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Words {
  readonly t: Translate;
  readonly has: (key: string) => boolean;
  readonly format: FeeFormat;
}

function countriesOf(region: Region, format: FeeFormat): string[] {
  return CORRIDORS.filter((c) => c.region === region).map((c) => format.countryName(c.country));
}

/** A one-country region is named after its country; the others have a region name. */
function regionName(region: Region, { t, format }: Words): string {
  const countries = countriesOf(region, format);
  return countries.length === 1 && countries[0] ? countries[0] : t(`regions.${region}`);
}

/** Values a row's words may use: its country, its currency and the countries paid in it. */
function rowValues(row: FeeRow, format: FeeFormat) {
  return {
    country: row.country && format.countryName(row.country),
    currency: row.currency && format.currencyName(row.currency),
    countries: row.currency && format.countriesPaidIn(row.currency),
  };
}

function genericRows(section: FeeSectionData, { t, has, format }: Words): FeeTableRow[] {
  const free = has(`sections.${section.id}.free`) ? t(`sections.${section.id}.free`) : undefined;
  return section.rows.map((row) => {
    const values = rowValues(row, format);
    const detailKey = `rows.${row.id}.detail`;
    return {
      key: row.id,
      label: t(`rows.${row.id}.label`, values),
      // Standard delivery by region, in the words every send screen uses (shared delivery-times).
      detail:
        row.id === 'deliveryStandard'
          ? standardSchedule(format.lang)
          : has(detailKey)
            ? t(detailKey, values)
            : undefined,
      cells: [format.price(row.price, free)],
    };
  });
}

/** Region | standard | express: the express charge gets its own column. */
function regionRows(section: FeeSectionData, words: Words): FeeTableRow[] {
  const { t, format } = words;
  return section.rows.map((row) => {
    const { price, region } = row;
    if (price.kind !== 'percentPlusFixed' || !region) {
      return { key: row.id, label: t(`rows.${row.id}.label`), cells: [format.price(price), ''] };
    }
    const countries = countriesOf(region, format);
    return {
      key: row.id,
      label: regionName(region, words),
      detail: countries.length > 1 ? format.list(countries) : undefined,
      cells: [
        t('prices.percentPlusFixed', {
          percent: format.percent(price.bps),
          fixed: format.usd(price.fixedCents),
        }),
        price.expressExtraCents === undefined
          ? ''
          : t('prices.expressExtra', { amount: format.usd(price.expressExtraCents) }),
      ],
    };
  });
}

/** Country | currency | fixed fee. */
function corridorRows(section: FeeSectionData, { t, format }: Words): FeeTableRow[] {
  return section.rows.map((row) => ({
    key: row.id,
    label: row.country ? format.countryName(row.country) : t(`rows.${row.id}.label`),
    cells: [row.currency ? format.currencyName(row.currency) : '', format.price(row.price)],
  }));
}

/** The first corridor whose own fixed fee differs from its region's shows the rule at work. */
function corridorFeeExample(section: FeeSectionData, words: Words): string | undefined {
  for (const row of section.rows) {
    if (!row.country || row.price.kind !== 'fixed') continue;
    const { region } = getCorridor(row.country);
    const regionFee = REGION_FEES[region].fixedCents;
    if (row.price.cents === regionFee) continue;
    return words.t('notes.corridorFixedFeeWinsExample', {
      country: words.format.countryName(row.country),
      countryFee: words.format.usd(row.price.cents),
      regionFee: words.format.usd(regionFee),
      region: regionName(region, words),
    });
  }
  return undefined;
}

const COLUMNS: Record<string, readonly string[]> = {
  international: ['region', 'standard', 'express'],
  corridorFixedFees: ['country', 'currency', 'fixed'],
};

/** One section of FEE_SCHEDULE: an h2, an optional intro, its table and the rules it states. */
export function FeeSection({ section }: { section: FeeSectionData }) {
  const { t, i18n } = useTranslation('fees');
  const format = useFeeFormat();
  const headingId = useId();
  const words: Words = { t, format, has: (key) => i18n.exists(key, { ns: 'fees' }) };
  const base = `sections.${section.id}`;

  const rows =
    section.id === 'international'
      ? regionRows(section, words)
      : section.id === 'corridorFixedFees'
        ? corridorRows(section, words)
        : genericRows(section, words);
  const columns = (COLUMNS[section.id] ?? ['item', 'value']).map((c) => t(`${base}.columns.${c}`));
  const notes = (section.notes ?? []).flatMap((note) => {
    const example =
      note === 'corridorFixedFeeWins' ? corridorFeeExample(section, words) : undefined;
    return [t(`notes.${note}`), ...(example ? [example] : [])];
  });

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: { xs: 5, md: 6 } }}>
      <Typography variant="h5" component="h2" id={headingId} gutterBottom>
        {t(`${base}.title`)}
      </Typography>
      {words.has(`${base}.intro`) && (
        <Typography color="text.secondary">{t(`${base}.intro`)}</Typography>
      )}
      <FeeTable labelledBy={headingId} columns={columns} rows={rows} />
      {notes.length > 0 && (
        <Box sx={{ mt: 2, pl: 2, borderLeft: 4, borderColor: 'primary.main' }}>
          {notes.map((note) => (
            <Typography key={note} sx={{ '& + &': { mt: 1 } }}>
              {note}
            </Typography>
          ))}
        </Box>
      )}
      {section.id === 'international' && <InternationalFeeExample format={format} />}
      {section.rows.map(({ id, price }) =>
        price.kind === 'percentRangePlusFixedRange' ? (
          <RemittanceComparison key={id} price={price} format={format} />
        ) : null,
      )}
    </Box>
  );
}
