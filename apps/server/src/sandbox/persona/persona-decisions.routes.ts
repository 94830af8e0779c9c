import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import type { InquiryRow } from './persona-fake.routes';

/**
 * Persona's manual decision on an inquiry (API reference, "Approve an Inquiry" / "Decline an
 * Inquiry": `POST /api/v1/inquiries/{id}/approve` and `/decline`, which trigger the inquiry's
 * webhooks and stop further progress): an inquiry not decided yet is approved or declined at once
 * and its webhook queued; one already decided is a 400 (our reading: the reference names no code).
 */
export function registerPersonaDecisions(
  app: AppInstance,
  {
    vendorApi,
    findInquiry,
    updateInquiry,
    emitEvent,
    inquiryResource,
  }: {
    vendorApi: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    findInquiry: (id: string) => Promise<InquiryRow | undefined>;
    updateInquiry: (db: Database, id: string, changes: Partial<InquiryRow>) => Promise<InquiryRow>;
    emitEvent: (db: Database, name: string, row: InquiryRow) => Promise<void>;
    inquiryResource: (row: InquiryRow) => unknown;
  },
) {
  const { db } = app.deps;
  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/sandbox/persona/api/v1/inquiries/:id/${decision}`,
      { preHandler: vendorApi },
      async (request, reply) => {
        const row = await findInquiry((request.params as { id: string }).id);
        if (!row) return reply.code(404).send({ errors: [{ title: 'Record not found' }] });
        if (['approved', 'declined', 'failed', 'expired'].includes(row.status)) {
          return reply.code(400).send({ errors: [{ title: 'Inquiry has already been decided' }] });
        }
        const status = decision === 'approve' ? 'approved' : 'declined';
        const decided = await db.transaction().execute(async (trx) => {
          const updated = await updateInquiry(trx, row.id, {
            status,
            decide_at: null,
            decided_at: new Date(),
          });
          await emitEvent(trx, status, updated);
          return updated;
        });
        return { data: inquiryResource(decided) };
      },
    );
  }
}
