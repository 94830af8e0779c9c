import { z } from 'zod';

/**
 * Text people type. Nobody types a control character, and an unpaired UTF-16 surrogate is not
 * Unicode at all: PostgreSQL cannot store NUL in text, and jsonb refuses a lone `\ud800`. Both are
 * refused at the contract, so the web form and the server say the same, field by field.
 */
// Written as UTF-16 ranges (C0, DEL and C1 controls; surrogates, allowed only as a pair) rather
// than \p{Cc}\p{Cs}: the published JSON Schema carries the pattern, and a validator without
// Unicode regular expressions reads \p{Cc} as the letters p, C, c. It means the same with or
// without the u flag. (With it, a pair is one code point outside every range.)
const ONE_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is its job
  /^(?:[^\u0000-\u001f\u007f-\u009f\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/u;
/** Line breaks and tabs allowed (a note typed in a multi-line field); other controls are not. */
const LINES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is its job
  /^(?:[\t\n\r]|[^\u0000-\u001f\u007f-\u009f\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/u;

export const TEXT_ERROR = 'Text contains characters that are not allowed';

/** One line of text a person types (a name, an address, a memo), trimmed. Chain min/max. */
export function textLine() {
  return z.string().regex(ONE_LINE, { error: TEXT_ERROR }).trim();
}

/** Text that may span lines (a note), trimmed. Chain min/max. */
export function textLines() {
  return z.string().regex(LINES, { error: TEXT_ERROR }).trim();
}
