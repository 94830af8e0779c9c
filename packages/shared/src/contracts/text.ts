import { z } from 'zod';

/**
 * Text people type. Nobody types a control character, and an unpaired UTF-16 surrogate is not
 * Unicode at all: PostgreSQL cannot store NUL in text, and jsonb refuses a lone `\ud800`. Both are
 * refused at the contract, so the web form and the server say the same, field by field.
 */
const ONE_LINE = /^[^\p{Cc}\p{Cs}]*$/u;
/** Line breaks and tabs allowed (a note typed in a multi-line field); other controls are not. */
const LINES = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}])*$/u;

export const TEXT_ERROR = 'Text contains characters that are not allowed';

/** One line of text a person types (a name, an address, a memo), trimmed. Chain min/max. */
export function textLine() {
  return z.string().regex(ONE_LINE, { error: TEXT_ERROR }).trim();
}

/** Text that may span lines (a note), trimmed. Chain min/max. */
export function textLines() {
  return z.string().regex(LINES, { error: TEXT_ERROR }).trim();
}
