import { z } from 'zod';
import { textLine } from './text';

/**
 * A person's home address in the U.S., as the banking partner's individual application takes it
 * (Unit's `Address`: street, street2, city, state, postalCode; country US). One definition for the
 * web form, the profile API and the application.
 */

/**
 * USPS codes of the places Pago serves: the 50 states, DC and the five inhabited territories
 * (Puerto Rico, Guam, U.S. Virgin Islands, American Samoa, Northern Mariana Islands). Military
 * (AA, AE, AP) and freely associated states (FM, MH, PW) are not home addresses Pago serves.
 */
// biome-ignore format: a table of codes
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY',
  'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV',
  'WI', 'WY', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP',
] as const;
export type UsState = (typeof US_STATES)[number];

/** ZIP (12345) or ZIP+4 (12345-6789), Unit's `postalCode` pattern. */
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;
export const STREET_MAX = 100;
export const CITY_MAX = 60;

/**
 * "PO Box 12", "P.O. Box", "Post Office Box", "Apartado Postal": a bank account needs the
 * residential address where the person lives (the partner's identity program), not a mailbox.
 */
const PO_BOX = /\b(?:p\.?\s*o\.?\s*box|post\s+office\s+box|apartado\s+postal)\b/i;
export function isPoBox(line: string): boolean {
  return PO_BOX.test(line);
}

export const PO_BOX_ERROR = 'A PO box is not a home address';
const street = (max: number) =>
  textLine()
    .max(max)
    .refine((line) => !isPoBox(line), { error: PO_BOX_ERROR });

export const usAddressSchema = z
  .strictObject({
    street: street(STREET_MAX).min(1),
    /** Apartment, suite or unit; blank or absent for none. */
    street2: z.union([street(STREET_MAX), z.null()]).optional(),
    city: textLine().min(1).max(CITY_MAX),
    state: z.enum(US_STATES),
    postalCode: z
      .string()
      .trim()
      .regex(US_ZIP_PATTERN, { error: 'ZIP code must be 12345 or 12345-6789' }),
  })
  .meta({
    id: 'UsAddress',
    examples: [
      {
        street: '1200 Brickell Ave',
        street2: 'Apt 4B',
        city: 'Miami',
        state: 'FL',
        postalCode: '33131',
      },
    ],
  });
export type UsAddressInput = z.input<typeof usAddressSchema>;

/** The address as stored and answered: no blank second line, only null. */
export type UsAddress = {
  street: string;
  street2: string | null;
  city: string;
  state: UsState;
  postalCode: string;
};
export const usAddressView = z.object({
  street: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  state: z.enum(US_STATES),
  postalCode: z.string(),
});

export function normalizeAddress(address: z.output<typeof usAddressSchema>): UsAddress {
  return { ...address, street2: address.street2 || null };
}

/** The one-line form the spec's `address` field shows: "1200 Brickell Ave, Apt 4B, Miami, FL 33131". */
export function formatAddress(address: UsAddress): string {
  const lines = [address.street, address.street2, address.city].filter(Boolean);
  return `${lines.join(', ')}, ${address.state} ${address.postalCode}`;
}

/** The five-digit ZIP of a US ZIP or ZIP+4, or null for anything else (a foreign postal code). */
export function zip5(code: string | null | undefined): string | null {
  const trimmed = code?.replace(/\s+/g, '') ?? '';
  return US_ZIP_PATTERN.test(trimmed) ? trimmed.slice(0, 5) : null;
}

const ONE_LINE_ADDRESS =
  /^\s*([^,]+?)\s*,(?:\s*([^,]+?)\s*,)?\s*([^,]+?)\s*,?\s+([A-Za-z]{2})\.?\s+(\d{5}(?:-\d{4})?)\s*$/;

/**
 * A one-line address as people type it ("123 Main St, Miami, FL 33101", with an optional
 * apartment part after the street), or null when it does not read as a full US address. The
 * spec's clients still send `address` as one line; migration 0018 reads stored ones the same way.
 */
export function parseOneLineAddress(line: string | null | undefined): UsAddress | null {
  const match = ONE_LINE_ADDRESS.exec(line ?? '');
  if (!match) return null;
  const [, streetPart, unit, city, state, postalCode] = match;
  const parsed = usAddressSchema.safeParse({
    street: streetPart,
    street2: unit ?? null,
    city,
    state: state?.toUpperCase(),
    postalCode,
  });
  return parsed.success ? normalizeAddress(parsed.data) : null;
}
