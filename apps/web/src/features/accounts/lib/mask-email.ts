/**
 * The e-mail as the verify screen shows it (spec §2): the middle of the local part starred.
 * Always three stars, whatever the length, so the mask does not tell how long the name is:
 * - 3 or more characters: first and last kept — jason@example.com → j***n@example.com
 * - 2 characters: first kept — jo@example.com → j***@example.com
 * - 1 character: j@example.com → j***@example.com (there is no middle to hide; the stars still
 *   hide that the name is one letter long)
 * The domain is shown whole. Text without an @ is treated as a bare local part.
 */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const local = at === -1 ? trimmed : trimmed.slice(0, at);
  const domain = at === -1 ? '' : trimmed.slice(at);
  if (local.length === 0) return trimmed;
  const chars = Array.from(local);
  const last = chars.length >= 3 ? chars[chars.length - 1] : '';
  return `${chars[0]}***${last}${domain}`;
}
