/** A phone as Pago shows it everywhere (@pago/shared/phone-format); anything else as it is. */
export { formatPhone } from '@pago/shared/phone-format';

/** YYYY-MM-DD of a local date (what <input type="date"> and the export expect). */
export function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
