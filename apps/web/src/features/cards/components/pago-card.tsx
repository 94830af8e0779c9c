import type { Card } from '@pago/shared/contracts/cards';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** "04/29": a card's expiry as printed on it. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/**
 * The Pago debit card as drawn on screen: the brand, chip, last four digits, expiry, holder's
 * name and "Virtual"/"Física". A frozen card turns grey-blue with frost and says so on its face.
 */
export function PagoCard({ card, holder }: { card: Card; holder: string }) {
  const { t } = useTranslation('cards');
  const id = useId();
  const frozen = card.status === 'frozen';
  const closed = card.status === 'closed' || card.status === 'lost' || card.status === 'stolen';
  const [from, to] = frozen
    ? ['#7FA7C9', '#44627F']
    : closed
      ? ['#8A8F98', '#555A63']
      : ['#3A4ADF', '#1E2A8A'];
  const expiry = formatExpiry(card.expMonth, card.expYear);
  return (
    <svg
      viewBox="0 0 340 214"
      role="img"
      aria-label={t('design.label', {
        type: t(`type.${card.type}`),
        last4: card.last4,
        expiry,
        status: t(`status.${card.status}.short`),
      })}
      style={{ width: '100%', maxWidth: 360, height: 'auto', display: 'block' }}
    >
      <defs>
        <linearGradient id={`${id}bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
        <linearGradient id={`${id}chip`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#FCD88F" />
          <stop offset="1" stopColor="#E29A2E" />
        </linearGradient>
      </defs>
      <rect width="340" height="214" rx="16" fill={`url(#${id}bg)`} />
      <circle cx="300" cy="10" r="120" fill="#fff" opacity="0.06" />
      <text x="24" y="46" fill="#fff" fontSize="26" fontWeight="700" fontFamily="sans-serif">
        Pago
      </text>
      <text
        x="316"
        y="44"
        fill="#fff"
        fontSize="14"
        fontWeight="600"
        textAnchor="end"
        fontFamily="sans-serif"
      >
        {t(`type.${card.type}`)}
      </text>
      <rect x="26" y="70" width="46" height="36" rx="7" fill={`url(#${id}chip)`} />
      <path
        d="M41 70v36M57 70v36M26 88h15M57 88h15"
        fill="none"
        stroke="#B7791F"
        strokeWidth="1.5"
        opacity="0.6"
      />
      {frozen && (
        <g stroke="#fff" strokeWidth="3" strokeLinecap="round" opacity="0.95">
          {/* A snowflake (three crossing strokes) and the word, between the chip and the number. */}
          <path d="M186 70v36M170.4 79l31.2 18M170.4 97l31.2-18" />
          <text
            x="212"
            y="93"
            fill="#fff"
            stroke="none"
            fontSize="13"
            fontWeight="700"
            fontFamily="sans-serif"
            letterSpacing="1"
          >
            {t('design.frozen')}
          </text>
        </g>
      )}
      <text x="26" y="150" fill="#fff" fontSize="20" letterSpacing="2" fontFamily="monospace">
        {`•••• •••• •••• ${card.last4}`}
      </text>
      <text x="26" y="188" fill="#fff" fontSize="13" fontFamily="sans-serif">
        {holder.toUpperCase().slice(0, 26)}
      </text>
      <text
        x="316"
        y="176"
        fill="#fff"
        opacity="0.8"
        fontSize="9"
        textAnchor="end"
        fontFamily="sans-serif"
      >
        {t('design.validThru')}
      </text>
      <text x="316" y="192" fill="#fff" fontSize="14" textAnchor="end" fontFamily="monospace">
        {expiry}
      </text>
    </svg>
  );
}
