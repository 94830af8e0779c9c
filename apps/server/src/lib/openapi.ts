import { apiErrorSchema } from '@pago/shared/contracts/api';
import { z } from 'zod';
import type { Config } from '../config';
import { OPERATION_IDS } from './operation-ids';

/** The OpenAPI 3.1 document's frame; @fastify/swagger adds every route's contract to it. */
export function openApiDocument(config: Config) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pago API',
      version: '0.1.0',
      description: [
        'The API of Pago, a bilingual digital wallet. Amounts are in integer cents unless a field',
        'says `amountUsd`. Every error answers `{ error: { code, message, details? }, message }`',
        '(schema `ApiError`); a 400 `validation_failed` lists the failing fields in',
        '`details.fields`. Money POSTs need an `Idempotency-Key` header: a replay with the same key',
        `returns the first answer. This server runs in ${config.mode} mode.`,
        'Each operation has a stable `operationId`, so a client generated from this document',
        '(for example with openapi-typescript) keeps its names from one release to the next.',
      ].join(' '),
      contact: { name: 'Pago', url: `${config.publicUrl}/api/docs` },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    tags: TAGS,
    servers: [{ url: config.publicUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'The session token from POST /api/auth/login.',
        },
      },
    },
  };
}

/** Every error answer of a route, in our shape (documented and serialized with it). */
export const errorResponses = {
  '4xx': apiErrorSchema.describe('A refusal; `error.code` says why.'),
  '5xx': apiErrorSchema.describe('Our fault or a dependency is down; safe to retry.'),
};

/** The route needs `Authorization: Bearer <token>`. */
export const bearerAuth = [{ bearer: [] }];

/** Money POSTs: the header that makes them safe to retry. */
// Loose: Fastify replaces request.headers with what the schema lets through.
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Required: 8 to 128 letters, digits, _ . : -. A retry with the same key and body returns the first answer.',
    )
    .meta({ example: 'send-2026-11-23-0001' }),
});

/** Every tag a route may carry, in the order the reference shows them. */
const TAGS = [
  {
    name: 'Health',
    description: 'Whether the server and its database answer, and what this mode offers.',
  },
  {
    name: 'Accounts',
    description:
      'Sign-up, sign-in (password, e-mailed link, external provider), the profile, and the e-mail and phone checks.',
  },
  {
    name: 'Security',
    description: 'Two-step codes, the password and the sessions of the signed-in user.',
  },
  { name: 'Wallet', description: 'The balance in cents and the sending limits.' },
  {
    name: 'Transactions',
    description:
      'Sending to a phone (a Pago user or abroad), quotes, the history, receipts and the CSV export.',
  },
  { name: 'Recipients', description: 'Saved recipients abroad, for sending home.' },
  {
    name: 'Remittances',
    description: 'Sending home to a saved recipient, tracking it and cancelling it.',
  },
  {
    name: 'Requests',
    description: 'Asking another Pago user for money, and paying or declining their asks.',
  },
  {
    name: 'Notifications',
    description: 'What happened to the account, its e-mail settings and a live stream.',
  },
  {
    name: 'Banking',
    description:
      'The wallet’s bank account at the banking partner: its numbers, transactions, statements and payments.',
  },
  {
    name: 'Funding',
    description: 'Deposits from and withdrawals to a linked bank, with their limits.',
  },
  {
    name: 'Cards',
    description:
      'The debit card: issuing, freezing, the secure display’s token (numbers and PIN), limits.',
  },
  {
    name: 'Card disputes',
    description: 'Disputes of card charges (Regulation E): provisional credit and the outcome.',
  },
  {
    name: 'Bill pay',
    description:
      'The billers, paying a bill now or on a date, monthly schedules and their payments.',
  },
  {
    name: 'Identity',
    description: 'Identity verification with the configured vendor (Plaid or Persona).',
  },
  { name: 'Linked banks', description: 'Bank accounts linked through Plaid for funding.' },
  {
    name: 'Webhooks',
    description:
      'Called by vendors, never by a client: each checks the vendor’s signature before acting.',
  },
  {
    name: 'Check deposits',
    description: 'Mobile check deposit: the amount, both photos, confirmation, status and limits.',
  },
  {
    name: 'Direct deposit',
    description:
      'The numbers to give an employer, the direct-deposit form (PDF) and the deposits received.',
  },
  {
    name: 'Cash deposits',
    description: 'Cash at stores: the barcode for a store, stores and ATMs near a ZIP code.',
  },
  {
    name: 'Card funding',
    description: 'Adding money with a debit or credit card: the exact fee, the charge, its status.',
  },
  { name: 'Schedules', description: 'Scheduled and recurring transfers: rules, runs, changes.' },
  {
    name: 'Rates',
    description:
      'Exchange rates working for the sender: 30-day history, rate alerts, sending at a target rate.',
  },
  {
    name: 'Pídeme',
    description:
      'A private link a relative abroad uses to ask for money in their currency; the sender pays it in one call.',
  },
  {
    name: 'Payday',
    description:
      'Día de pago: rules that send a share of each direct deposit home, and what each did.',
  },
  {
    name: 'Colectas',
    description: 'Siblings chip in toward one transfer home: invite, contribute, send or cancel.',
  },
  {
    name: 'Push',
    description: 'Web Push: the VAPID key, and subscribing this device to pushed notifications.',
  },
];

/** Words a summary spells its own way. */
const PROPER: Record<string, string> = {
  plaid: 'Plaid',
  persona: 'Persona',
  unit: 'Unit',
  pin: 'PIN',
  pdf: 'PDF',
  up: 'up',
};

/** `getStatementPdf` → "Get statement PDF": the short title of an operation. */
function summaryOf(operationId: string): string {
  const words = operationId
    .split(/(?=[A-Z])/)
    .map((w) => PROPER[w.toLowerCase()] ?? w.toLowerCase());
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest]
    .join(' ')
    .replace('two step', 'two-step');
}

type Operation = { operationId?: string; summary?: string; description?: string };
type OpenApiObject = {
  paths?: Record<string, Record<string, Operation> | undefined>;
  components?: { schemas?: Record<string, unknown> };
};
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/**
 * The last step of the document: each operation gets its operationId and a short summary from
 * it, the route's sentence becoming the description (a generated client and the reference list
 * show the short one, the operation's page the sentence); schemas nothing refers to are dropped
 * (the zod provider registers an input and an output copy of every named schema).
 */
export function finishOpenApiDocument<T extends object>(input: T): T {
  const document = input as OpenApiObject;
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    paths[path] = {};
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!METHODS.has(method)) {
        paths[path][method] = value;
        continue;
      }
      const operationId = OPERATION_IDS[`${method.toUpperCase()} ${path}`];
      if (!operationId) {
        paths[path][method] = value;
        continue;
      }
      const { summary, description, ...rest } = value;
      paths[path][method] = {
        operationId,
        summary: summaryOf(operationId),
        description: [summary, description].filter(Boolean).join('\n\n') || undefined,
        ...rest,
      };
    }
  }
  const finished = { ...document, paths };
  const schemas = document.components?.schemas;
  if (!schemas) return finished as T;
  // Every schema reachable from the paths (and the other components), following $refs.
  const reached = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(
      /"\$ref":"#\/components\/schemas\/([^"]+)"/g,
    )) {
      if (name && !reached.has(name)) {
        reached.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit({ ...finished, components: { ...document.components, schemas: {} } });
  return {
    ...finished,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name))),
    },
  } as T;
}
