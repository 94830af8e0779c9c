/** Whether a path or cursor id can be a UUID; anything else is answered 404 without a query. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f-]{36}$/i.test(value);
}
