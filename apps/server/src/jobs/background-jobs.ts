import type { Services } from '../app';
import type { RecurringJob } from './job-queue';

/**
 * Pago's background work, run by whichever API process takes it from the queue: the payout
 * partner's outcomes, and in sandbox mode the fake vendors' decisions and webhook deliveries.
 * Each sweep locks what it settles, so a sweep retried after a killed process does no harm.
 */
export function backgroundJobs(services: Services): RecurringJob[] {
  const jobs: RecurringJob[] = [
    // Remittances to hand to the payout partner (a request that died, the partner unreachable, the
    // spec's send), and open ones to ask the partner about in case a callback was lost.
    {
      name: 'remittance-payouts',
      everySeconds: 1,
      run: () => services.remittances.sweepPayouts(),
    },
    // Each remittance's receipt, e-mailed once the partner confirmed it.
    {
      name: 'remittance-receipts',
      everySeconds: 5,
      run: () => services.remittances.sendReceipts(),
    },
    // Error reports under the remittance rule: the partner asked, each decided (a refund once).
    {
      name: 'remittance-error-cases',
      everySeconds: 60,
      run: () => services.remittanceCases.investigateOpen(),
    },
    // Notifications' e-mails, after their event committed (the row is the outbox).
    {
      name: 'notification-emails',
      everySeconds: 1,
      run: () => services.notifications.deliverEmails(),
    },
    // Book payments whose partner call failed, asked for again with their idempotency key.
    {
      name: 'unit-payments-retry',
      everySeconds: 5,
      run: () => services.banking.retryPendingPayments(),
    },
  ];
  // Card holds the network never cleared, released after their time (CARD_HOLD_EXPIRY_DAYS).
  jobs.push({
    name: 'card-holds-expire',
    everySeconds: 60,
    run: () => services.cardAuthorizations.expireHolds(),
  });
  // Bank deposits' holds (docs/funds-availability.md), released within seconds of their time
  // (one indexed look-up when none is due).
  jobs.push({
    name: 'funding-holds-release',
    everySeconds: 5,
    run: () => services.funding.releaseDueHolds(),
  });
  // Colectas: send those that reached their target, cancel those past their date, release what
  // a crash left held, tell members of a delivery (docs/colectas.md).
  jobs.push({
    name: 'colectas',
    everySeconds: 2,
    run: () => services.colectas.sweep(),
  });
  // Daily: the ledger's invariants over the whole ledger (stored; logged and in the health
  // detail when broken). `npm run reconcile` runs the same check on demand.
  jobs.push({
    name: 'ledger-invariants',
    everySeconds: 24 * 60 * 60,
    run: () => services.ledgerInvariants.check('job'),
  });
  if (services.banking.available) {
    // Daily: the partner's records against the ledger (differences stored and logged).
    jobs.push({
      name: 'unit-reconcile',
      everySeconds: 24 * 60 * 60,
      run: () => services.banking.reconcile(),
    });
  }
  if (services.payoutReconciliation.available) {
    // Daily: the payout partner's transactions and prefunded balance against the ledger.
    jobs.push({
      name: 'payout-reconcile',
      everySeconds: 24 * 60 * 60,
      run: async () => (await services.payoutReconciliation.reconcile())?.differences.length ?? 0,
    });
  }
  // Early pay: pending direct deposits the partner may advance, asked for within seconds.
  jobs.push({
    name: 'direct-deposit-advance',
    everySeconds: 2,
    run: () => services.directDeposit.advanceDue(),
  });
  if (services.cardFunding.available) {
    // Card top-ups Stripe never answered (or whose request died), charged again under their key.
    jobs.push({
      name: 'card-funding-recover',
      everySeconds: 30,
      run: () => services.cardFunding.recoverPending(),
    });
  }
  // Card disputes' deadlines: provisional credit by the 10th business day, a lost dispute's
  // credit taken back once its notice period is over (docs/card-disputes.md).
  jobs.push({
    name: 'card-dispute-deadlines',
    everySeconds: 60,
    run: () => services.cardDisputes.sweep(),
  });
  // Checks whose partner call never answered, asked for again with their key. (Scheduled bill
  // payments are schedules: `schedules-due` and `schedules-reminders` below run them.)
  jobs.push({
    name: 'billpay-checks-retry',
    everySeconds: 60,
    run: () => services.billPay.retryUnsentChecks(),
  });
  // The remittance recipient's SMS (sent; cash ready, with the code), each at most once.
  jobs.push({
    name: 'remittance-recipient-sms',
    everySeconds: 1,
    run: () => services.recipientNotice.deliver(),
  });
  // Closed accounts: cards, partner accounts and linked banks the vendors did not close yet, and
  // daily, the retention periods' erasures (docs/account-rights.md).
  jobs.push({
    name: 'account-closings',
    everySeconds: 60,
    run: () => services.accountRights.finishClosings(),
  });
  jobs.push({
    name: 'account-retention',
    everySeconds: 24 * 60 * 60,
    run: () => services.accountRights.retention(),
  });
  // Transaction monitoring: the rules evaluated on transfers after they committed (never blocking
  // them); a rule that fires stores a hit for staff (docs/monitoring.md).
  jobs.push({
    name: 'monitoring-evaluate',
    everySeconds: 10,
    run: () => services.monitoring.scan(),
  });
  // Sanctions screening: users whose name was written (sign-up by any path, a verification), and
  // after a list update everyone against the new or changed entries (docs/sanctions.md).
  jobs.push({
    name: 'sanctions-screening',
    everySeconds: 5,
    run: async () =>
      (await services.sanctions.screenChangedUsers()) +
      (await services.sanctions.rescreenAfterLoad()),
  });
  // Pídeme's retention: a bill's photo 90 days after its request was answered, and links dead
  // for 30 days that no request used (docs/pideme.md).
  jobs.push({
    name: 'pideme-retention',
    everySeconds: 60 * 60,
    run: async () => {
      const gone = await services.pideme.purge();
      return gone.photos + gone.links;
    },
  });
  // Scheduled transfers and bill payments: each due run once (claimed with its money movement, or
  // for a bill claimed then paid under its key, docs/schedules.md), and the notice before it.
  jobs.push({ name: 'schedules-due', everySeconds: 5, run: () => services.schedules.runDue() });
  jobs.push({
    name: 'schedules-reminders',
    everySeconds: 60,
    run: () => services.schedules.sendReminders(),
  });
  // Exchange rates: every corridor currency sampled hourly, watched ones every few minutes; the
  // alerts and rate orders a sample reached fire and send, each once (docs/rates.md).
  jobs.push({ name: 'rates-watch', everySeconds: 60, run: () => services.rates.run() });
  // Día de pago: each due run (a deposit available, a rule) quoted and sent once (docs/payday.md).
  jobs.push({ name: 'payday-runs', everySeconds: 2, run: () => services.payday.runDue() });
  // Notifications pushed to subscribed devices (the push outbox), each once (docs/push.md).
  jobs.push({ name: 'notification-pushes', everySeconds: 1, run: () => services.push.deliver() });
  const { sandboxVendors } = services;
  if (sandboxVendors) {
    jobs.push({ name: 'sandbox-vendors-tick', everySeconds: 1, run: () => sandboxVendors.tick() });
  }
  return jobs;
}
