const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path or cursor id is a UUID (8-4-4-4-12 hex digits, as PostgreSQL's uuid reads it);
 * anything else is answered 404 without a query.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
