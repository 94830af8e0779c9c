/**
 * The keys of a translation file, flattened ("edit.errors.email_taken"). A list is one key: its
 * items need not match in number from one language to the other.
 */
export function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}
