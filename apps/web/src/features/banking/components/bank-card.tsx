import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The card design image of the banking component (spec: the widget's settings carry one): a
 * Pago card in the banking primary colour, with the account's masked number on it.
 */
export function BankCard({ maskedNumber, color }: { maskedNumber: string; color: string }) {
  const { t } = useTranslation('banking');
  const gradientId = useId();
  return (
    <svg
      viewBox="0 0 340 200"
      role="img"
      aria-label={t('panel.cardImage', { number: maskedNumber })}
      style={{ width: '100%', maxWidth: 340, height: 'auto', display: 'block' }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={color} />
          <stop offset="1" stopColor="#1B2590" />
        </linearGradient>
      </defs>
      <rect width="340" height="200" rx="16" fill={`url(#${gradientId})`} />
      <circle cx="300" cy="30" r="90" fill="#fff" opacity="0.08" />
      <text x="24" y="44" fill="#fff" fontSize="26" fontWeight="700" fontFamily="sans-serif">
        Pago
      </text>
      <rect x="24" y="74" width="44" height="32" rx="6" fill="#F4C85B" />
      <path d="M24 90h44M46 74v32" stroke="#C99A2E" strokeWidth="1.5" />
      <text x="24" y="150" fill="#fff" fontSize="20" letterSpacing="2" fontFamily="monospace">
        {/* Grouped as on a card: "•••• 6789". */}
        {maskedNumber.replace(/^(•+)(\d+)$/, '$1 $2')}
      </text>
      <text x="24" y="178" fill="#fff" opacity="0.8" fontSize="12" fontFamily="sans-serif">
        {t('panel.cardLabel')}
      </text>
    </svg>
  );
}
