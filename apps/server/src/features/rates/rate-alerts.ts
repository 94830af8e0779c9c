import { MAX_RATE_ALERTS, type RateAlert, type RateAlertBody } from '@pago/shared/contracts/rates';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Notifications } from '../notifications/notifications.service';
import { plainDecimal } from './rate-source';
import {
  type AlertRow,
  alertsToFire,
  claimFire,
  countAlerts,
  deleteAlert,
  insertAlert,
  listAlerts,
} from './rates.repository';

export function alertView(row: AlertRow): RateAlert {
  return {
    id: row.id,
    currency: row.currency,
    targetRate: plainDecimal(row.target_rate),
    createdAt: row.created_at.toISOString(),
    lastFiredOn: row.last_fired_on,
  };
}

/**
 * Rate alerts: "tell me when 1 USD ≥ 18.50 MXN", on the sender's rate (what a send gets). An alert
 * fires at most once per US Eastern day: its claim row (alert, day) is inserted in the transaction
 * that writes the notification (in-app, e-mailed by the notifications job, pushed where the
 * person has push), so two workers or a retried run never notify twice.
 */
export function createRateAlerts({
  db,
  notifications,
  clock,
}: {
  db: Database;
  notifications: Pick<Notifications, 'notify'>;
  clock: () => Date;
}) {
  return {
    async list(userId: string) {
      return { items: (await listAlerts(db, userId)).map(alertView) };
    },

    async create(userId: string, body: RateAlertBody): Promise<RateAlert> {
      if ((await countAlerts(db, userId)) >= MAX_RATE_ALERTS) {
        throw new AppError(
          'conflict',
          409,
          `You can have up to ${MAX_RATE_ALERTS} rate alerts. Delete one to add another.`,
        );
      }
      return alertView(await insertAlert(db, { userId, ...body }));
    },

    async remove(userId: string, id: string) {
      if (!isUuid(id) || !(await deleteAlert(db, userId, id, clock()))) {
        throw new AppError('not_found', 404, 'No such rate alert.');
      }
    },

    /** Fires the alerts on `currency` that `rate` (the latest sender's rate) reached; how many fired. */
    async fire(currency: string, rate: string): Promise<number> {
      const now = clock();
      let fired = 0;
      for (const alert of await alertsToFire(db, currency, rate, now)) {
        const claimed = await db.transaction().execute(async (tx) => {
          if (!(await claimFire(tx, alert.id, rate, now))) return false;
          await notifications.notify(tx, {
            userId: alert.user_id,
            type: 'rate_alert_reached',
            data: {
              currency,
              rate: plainDecimal(rate),
              targetRate: plainDecimal(alert.target_rate),
            },
          });
          return true;
        });
        if (claimed) fired += 1;
      }
      return fired;
    },
  };
}

export type RateAlerts = ReturnType<typeof createRateAlerts>;
