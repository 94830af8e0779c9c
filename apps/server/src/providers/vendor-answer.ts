import type { z } from 'zod';

/** Where a client reports a vendor answer that breaks the vendor's published description. */
export type VendorLog = { error: (fields: object, message: string) => void };

/**
 * A vendor's answer read through the schema written from its published API description: the
 * parsed answer, or — logged with the vendor, the call and what did not match — the error the
 * caller's `unavailable` makes (a 502/503 to our user), so a drifted answer is never used.
 */
export function parseVendorAnswer<S extends z.ZodType>(
  schema: S,
  answer: unknown,
  where: { vendor: string; call: string; log?: VendorLog | undefined },
  unavailable: (reason: string) => Error,
): z.infer<S> {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  (where.log ?? console).error(
    { vendor: where.vendor, call: where.call, issues },
    'vendor answer does not match its published API description',
  );
  throw unavailable('answer_not_as_documented');
}
