/**
 * Stripe's request bodies: application/x-www-form-urlencoded with bracketed keys for nested
 * values (`metadata[order]=7`, `card[number]=4242…`, `payment_method_types[0]=card`), as the SDK
 * encodes them. Lists come back as objects keyed by index; the routes read what they expect.
 */
export type StripeForm = { [key: string]: string | StripeForm };

/** Keys as deep as Stripe's deepest parameter the fake takes, and no deeper. */
const MAX_DEPTH = 3;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Names that would reach an object's prototype rather than its own keys. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export function parseStripeForm(body: string): StripeForm | null {
  const form: StripeForm = {};
  for (const [name, value] of new URLSearchParams(body)) {
    // Text PostgreSQL cannot store (a NUL, half a surrogate pair) is no parameter of Stripe's.
    if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return null;
    const match = /^([A-Za-z0-9_]+)((?:\[[A-Za-z0-9_\- .]*\])*)$/.exec(name);
    if (!match?.[1]) return null;
    const path = [
      match[1],
      ...[...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? ''),
    ];
    if (path.length > MAX_DEPTH || path.some((part) => FORBIDDEN.has(part))) return null;
    let node = form;
    for (const [i, part] of path.entries()) {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) {
        if (Object.hasOwn(node, key)) return null;
        node[key] = value;
        break;
      }
      const next = node[key] ?? {};
      if (typeof next === 'string') return null;
      node[key] = next;
      node = next;
    }
  }
  return form;
}
