import type { OpsQueue } from '@pago/shared/contracts/ops-queues';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { PartnerStatusEntry } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PersonaApi } from '../../providers/persona/persona-api';
import type { ThunesClient } from '../../providers/thunes/thunes-client';
import type { CardDisputes } from '../card-disputes/card-disputes.service';
import type { Identity } from '../identity/identity.service';
import type { Ledger } from '../ledger/ledger.service';
import type { LedgerInvariants } from '../ledger/ledger-invariants.service';
import type { PartnerPayouts } from '../remittances/partner-payouts';
import type { RemittanceCases } from '../remittances/remittance-cases.service';
import { mayTake, QUEUE_ACTION_ROLES, type QueueAction } from './ops-queues.roles';

/** What the queues read and act through: the features that own each item. */
export type QueueDeps = {
  db: Database;
  ledger: Ledger;
  partnerPayouts: PartnerPayouts;
  thunes: Pick<ThunesClient, 'cancelTransaction' | 'getTransactionByExternalId'> | null;
  remittanceCases: RemittanceCases;
  identity: Pick<Identity, 'personaStatus' | 'plaidStatus'>;
  /** Persona's client, for its manual decision (null without Persona). */
  persona: Pick<PersonaApi, 'decideInquiry'> | null;
  cardDisputes: Pick<CardDisputes, 'onPartnerEvent' | 'sweep'>;
  reconcile: {
    unit: () => Promise<unknown>;
    payouts: () => Promise<unknown>;
    ledger: LedgerInvariants;
  };
  /** Moves a failed pg-boss job back to retry (pg-boss's own `retry`). */
  retryJob: (name: string, id: string) => Promise<boolean>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};

/** How many items a queue shows at once. */
export const LIMIT = 200;

export const notInQueue = () =>
  new AppError('not_found', 404, 'This item is not in the queue (anymore): reload the queue.');

export const customerOf = (row: {
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
}) =>
  row.user_id ? { id: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' } : null;

export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export const partnerHistory = (entries: PartnerStatusEntry[] | null) =>
  (entries ?? []).map((e) => ({ at: e.at, status: e.status, note: e.message || null }));

/** Which actions of a queue this role may take. */
export function actionsFor(queue: OpsQueue, role: string): string[] {
  return Object.keys(QUEUE_ACTION_ROLES)
    .filter((key) => key.startsWith(`${queue}.`) && mayTake(role, key as QueueAction))
    .map((key) => key.slice(queue.length + 1));
}
