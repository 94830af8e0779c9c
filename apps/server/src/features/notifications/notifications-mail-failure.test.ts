import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { Mailer } from '../../providers/email/mailer';
import { createNotifications } from './notifications.service';

// A failed e-mail stays pending for the next run either way; what differs is how loudly it is
// logged: the database gone mid-send (a failover — the sandbox mailer writes to it) is a warning,
// any other failure an error someone should look at.

async function failingRun(failure: Error) {
  const { db } = await createTestDatabase();
  const app = await buildTestApp(db);
  try {
    const user = await verifiedUser(app, db);
    const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const mailer: Mailer = { send: vi.fn(async () => Promise.reject(failure)) } as never;
    const notifications = createNotifications({
      db,
      mailer,
      log: log as unknown as FastifyBaseLogger,
      sessionIdleMinutes: 30,
      appSecret: 'a'.repeat(32),
      publicUrl: 'http://localhost',
    });
    await notifications.notify(db, { userId: user.id, type: 'password_changed' });
    await notifications.deliverEmails(10);
    const pending = await db
      .selectFrom('notifications')
      .select('email_status')
      .where('user_id', '=', user.id)
      .where('type', '=', 'password_changed')
      .executeTakeFirstOrThrow();
    return { log, pending: pending.email_status };
  } finally {
    await app.close();
  }
}

describe('a notification e-mail that could not be sent', () => {
  it('the database unreachable: a warning, and the e-mail waits for the next run', async () => {
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const { log, pending } = await failingRun(lost);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: lost }),
      'notification e-mail not sent yet',
    );
    expect(log.error).not.toHaveBeenCalled();
    expect(pending).toBe('pending');
  });

  it('any other failure: an error', async () => {
    const refused = new Error('550 mailbox unavailable');
    const { log, pending } = await failingRun(refused);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: refused }),
      'notification e-mail not sent',
    );
    expect(pending).toBe('pending');
  });
});
