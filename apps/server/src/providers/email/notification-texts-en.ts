import type { NotificationTexts } from './notification-words';

/** The notification e-mails in English. */
export const NOTIFICATION_TEXTS_EN: NotificationTexts = {
  money_received: {
    subject: (w) => `${w.who} sent you ${w.amount}`,
    body: (w) => [`${w.who} sent you ${w.amount}. It is already in your balance.`],
  },
  request_received: {
    subject: (w) => `${w.who} requested ${w.amount} from you`,
    body: (w) => [
      `${w.who} requested ${w.amount} from you.`,
      'Open Pago to pay or decline the request.',
    ],
  },
  request_paid: {
    subject: (w) => `${w.who} paid your request for ${w.amount}`,
    body: (w) => [`${w.who} paid your request for ${w.amount}. It is already in your balance.`],
  },
  request_declined: {
    subject: (w) => `${w.who} declined your request for ${w.amount}`,
    body: (w) => [`${w.who} declined your request for ${w.amount}.`],
  },
  remittance_delivered: {
    subject: (w) => `Your transfer of ${w.amount} to ${w.recipient} was delivered`,
    body: (w) => [`The money you sent to ${w.recipient} (${w.amount}) was delivered.`],
  },
  remittance_pickup_ready: {
    subject: (w) => `Your transfer of ${w.amount} to ${w.recipient} is ready for pickup`,
    body: (w) => [
      `The money you sent to ${w.recipient} (${w.amount}) is ready for cash pickup. The pickup code is on the transfer's tracking page; if our text message did not reach them, share it from there on WhatsApp.`,
    ],
  },
  remittance_refunded: {
    subject: (w) => `We could not deliver your transfer: ${w.amount} refunded`,
    body: (w) => [
      `We could not deliver the money you sent to ${w.recipient}. We returned ${w.amount}, amount and fee, to your balance.`,
    ],
  },
  identity_approved: {
    subject: () => 'Your identity is verified',
    body: () => ['Your identity is verified. You can now send and receive money.'],
  },
  identity_failed: {
    subject: () => 'We could not verify your identity',
    body: () => ['We could not verify your identity. Check your details and try again.'],
  },
  new_sign_in: {
    subject: () => 'New sign-in to your account',
    body: (w) => [
      `Someone signed in to your account from ${w.device} on ${w.time}.`,
      "If this wasn't you, change your password right away.",
    ],
  },
  password_changed: {
    subject: () => 'Your password changed',
    body: () => [
      'The password of your account changed and we signed out your sessions on other devices.',
      "If this wasn't you, reset your password right away from the log-in page.",
    ],
  },
  card_purchase: {
    subject: (w) => `You spent ${w.amount} at ${w.merchant}`,
    body: (w) => [
      `You paid ${w.amount} with your Pago card at ${w.merchant}. It shows as pending until the merchant confirms it; if the final amount changes (a tip, say), we will tell you.`,
    ],
  },
  card_declined: {
    subject: (w) => `We declined a ${w.amount} charge on your card`,
    body: (w) => [
      `We declined a ${w.amount} charge at ${w.merchant}: ${w.reason}.`,
      "If this wasn't you, freeze your card in the app.",
    ],
  },
  card_atm_withdrawal: {
    subject: (w) => `You withdrew ${w.amount} at an ATM`,
    body: (w) => [`You withdrew ${w.amount} at ${w.merchant} with your Pago card. Fee: ${w.fee}.`],
  },
  bill_scheduled: {
    subject: (w) => `You scheduled a ${w.amount} payment to ${w.biller}`,
    body: (w) => [`We will pay ${w.amount} to ${w.biller} on ${w.date}.`],
  },
  bill_reminder: {
    subject: (w) => `In 3 days we pay ${w.amount} to ${w.biller}`,
    body: (w) => [
      `On ${w.date} we will pay ${w.amount} to ${w.biller}. Make sure your balance covers it that day.`,
    ],
  },
  bill_paid: {
    subject: (w) => `You paid ${w.amount} to ${w.biller}`,
    body: (w) => [`Your ${w.amount} payment to ${w.biller} arrived.`],
  },
  bill_returned: {
    subject: (w) => `Your payment to ${w.biller} did not go through: ${w.amount} is back`,
    body: (w) => [
      `Your ${w.amount} payment to ${w.biller} could not be completed. The money is back in your balance.`,
    ],
  },
  bill_failed: {
    subject: (w) => `We could not pay ${w.amount} to ${w.biller}`,
    body: (w) => [
      `The payment of ${w.amount} to ${w.biller} scheduled for ${w.date} was not made: your balance did not cover it or it was over your limits. No money moved.`,
    ],
  },
  card_refund: {
    subject: (w) => `${w.merchant} refunded you ${w.amount}`,
    body: (w) => [
      `${w.merchant} refunded ${w.amount} to your card. It is already in your balance.`,
    ],
  },
  check_deposit_received: {
    subject: (w) => `We received your check deposit of ${w.amount}`,
    body: (w) => [
      `We received your check deposit of ${w.amount}. We are reviewing it; it shows as pending in your balance until it is available.`,
    ],
  },
  check_deposit_available: {
    subject: (w) => `Your check of ${w.amount} is available`,
    body: (w) => [`Your check deposit of ${w.amount} is now available in your balance.`],
  },
  check_deposit_rejected: {
    subject: (w) => `We could not accept your check of ${w.amount}`,
    body: (w) => [
      `We could not accept your check deposit of ${w.amount}${w.reason ? `: ${w.reason}` : ''}. No money was added to your balance.`,
    ],
  },
  check_deposit_returned: {
    subject: (w) => `Your check of ${w.amount} was returned`,
    body: (w) => [
      `The bank returned your check of ${w.amount}${w.reason ? `: ${w.reason}` : ''}. We took it out of your balance.`,
      ...(w.owed
        ? [`Your account owes ${w.owed}; we will cover it from the next money you receive.`]
        : []),
    ],
  },
  cash_deposit_received: {
    subject: (w) => `You deposited ${w.amount} in cash`,
    body: (w) => [
      `You deposited ${w.amount} in cash at ${w.merchant}. Fee: ${w.fee}. It is in your balance now.`,
    ],
  },
  card_dispute_opened: {
    subject: (w) => `We received your ${w.amount} dispute`,
    body: (w) => [
      `We received your dispute of the ${w.amount} charge at ${w.merchant}.`,
      'If we have not resolved it sooner, we will give you provisional credit within 10 business days.',
    ],
  },
  card_dispute_credited: {
    subject: (w) => `We gave you ${w.amount} of provisional credit`,
    body: (w) => [
      `While we investigate your dispute of the charge at ${w.merchant}, we gave you ${w.amount} of provisional credit. It is already in your balance.`,
    ],
  },
  card_dispute_won: {
    subject: (w) => `Your dispute was resolved in your favor: ${w.amount}`,
    body: (w) => [
      `We resolved your dispute of the charge at ${w.merchant} in your favor. The ${w.amount} credit is final.`,
    ],
  },
  card_dispute_lost: {
    subject: (w) => `We resolved your dispute of the charge at ${w.merchant}`,
    body: (w) => [
      `After investigating, we found that the charge at ${w.merchant} was correct.`,
      ...(w.date
        ? [
            `We will take the ${w.amount} provisional credit back from your balance on ${w.date}. Until then we keep paying your purchases and transfers as usual.`,
          ]
        : []),
      'You may ask us for the documents we relied on for this decision.',
    ],
  },
  card_dispute_reversed: {
    subject: (w) => `We took back the ${w.amount} provisional credit`,
    body: (w) => [
      `We took the ${w.amount} provisional credit for the charge at ${w.merchant} back from your balance.`,
      `What your balance did not cover (${w.owed}) will be collected from your next deposit.`,
    ],
  },
  phone_changed: {
    subject: () => 'You verified a new phone',
    body: (w) => [
      `The number ${w.phone} is now linked to your account.`,
      "If this wasn't you, change your password right away.",
    ],
  },
  direct_deposit_pending: {
    subject: (w) => `You received a deposit of ${w.amount}`,
    body: (w) => [
      `${w.payer} sent you ${w.amount} by direct deposit. It shows in your balance as pending until it is available.`,
    ],
  },
  direct_deposit_available: {
    subject: (w) => `Your deposit of ${w.amount} is available`,
    body: (w) => [`The deposit of ${w.amount} from ${w.payer} is now available in your balance.`],
  },
  direct_deposit_returned: {
    subject: (w) => `A deposit of ${w.amount} was returned`,
    body: (w) => [
      `The bank of ${w.payer} returned the deposit of ${w.amount} and we took it back from your balance.`,
      ...(w.owed
        ? [
            `Your balance was not enough: your account owes ${w.owed}, which we will collect from your next deposit.`,
          ]
        : []),
    ],
  },
  card_funding_reversed: {
    subject: (w) => `We took back ${w.amount} for a card chargeback`,
    body: (w) => [
      `Your card's bank asked us to return the charge you added ${w.amount} with (a chargeback). We took it out of your balance.`,
      ...(w.owed
        ? [`Your account owes ${w.owed}; we will cover it from the next money you receive.`]
        : []),
    ],
  },
  two_step_enabled: {
    subject: () => 'You turned on two-step codes',
    body: (w) => [
      `Two-step codes were turned on for your account from ${w.device} on ${w.time}. From now on, signing in asks for the code from your authenticator app.`,
      "If this wasn't you, change your password right away and check your sessions under Security.",
    ],
  },
  two_step_disabled: {
    subject: () => 'You turned off two-step codes',
    body: (w) => [
      `Two-step codes were turned off for your account from ${w.device} on ${w.time}. Your password alone now signs you in.`,
      "If this wasn't you, change your password right away and turn them back on under Security.",
    ],
  },
  external_signin_linked: {
    subject: (w) => `You linked ${w.provider || 'an external sign-in'} to your account`,
    body: (w) => [
      `From ${w.device} on ${w.time}, you linked ${w.provider || 'an external sign-in'} to your Pago account. You can now sign in with that account.`,
      "If this wasn't you, change your password right away and check your sessions under Security.",
    ],
  },
  card_purchase_cleared: {
    subject: (w) => `Your purchase at ${w.merchant} came to ${w.amount}`,
    body: (w) => [
      `${w.merchant} confirmed your Pago card purchase at ${w.amount}, the final amount (you authorized ${w.authorized}; the difference is usually the tip).`,
      "If you don't recognize this amount, you can dispute the charge from your activity.",
    ],
  },
  schedule_upcoming: {
    subject: (w) => `Tomorrow we send ${w.amount} to ${w.recipient}`,
    body: (w) => [
      `Tomorrow, ${w.date}, we will send ${w.amount} to ${w.recipient} as scheduled.`,
      ...(w.rate
        ? [
            `Estimated at today’s exchange rate (${w.rate}): fee ${w.fee}, total ${w.total}; ${w.recipient} would receive ${w.received}. The final rate is the one at the time of sending.`,
          ]
        : []),
      'Make sure your balance covers it. You can skip, pause or change it under Scheduled transfers.',
    ],
  },
  schedule_sent: {
    subject: (w) => `We sent ${w.amount} to ${w.recipient}`,
    body: (w) => [
      `Your scheduled transfer of ${w.date} went out: ${w.amount} to ${w.recipient}${w.received ? `, who receives ${w.received}` : ''}.`,
      'You can follow it from your activity.',
    ],
  },
  schedule_failed: {
    subject: (w) => `We could not send ${w.amount} to ${w.recipient}`,
    body: (w) => [
      `Your scheduled transfer of ${w.date} of ${w.amount} to ${w.recipient} did not go out: ${w.failure || 'the transfer was refused'}. No money moved.`,
      'The next one is still on for its date.',
    ],
  },
  rate_alert_reached: {
    subject: (w) => `The exchange rate reached ${w.rateReached} ${w.currency} per dollar`,
    body: (w) => [
      `You asked us to tell you when 1 USD reached ${w.target} ${w.currency}. Today the exchange rate for your transfers is ${w.rateReached} ${w.currency}.`,
      'Open Pago to send money to your family. We tell you at most once a day.',
    ],
  },
  rate_order_sent: {
    subject: (w) => `We sent ${w.amount} to ${w.recipient} at ${w.rateReached} ${w.currency}`,
    body: (w) => [
      `The exchange rate reached your target: we sent ${w.amount} to ${w.recipient} at ${w.rateReached} ${w.currency} per dollar, with the money you had reserved.`,
      'You can track the transfer in your activity.',
    ],
  },
  rate_order_released: {
    subject: (w) => `We released ${w.amount} from your transfer to ${w.recipient}`,
    body: (w) => [
      `Your transfer to ${w.recipient} with a target of ${w.target} ${w.currency} did not go out, and the ${w.amount} reserved is back in your balance.`,
    ],
  },
  pideme_request: {
    subject: (w) => `${w.recipient} is asking you for ${w.foreign}`,
    body: (w) => [
      `${w.recipient} asked you for ${w.foreign} with your Pídeme link.`,
      'Open Pago to see the total in dollars and pay in one tap, or decline the request.',
    ],
  },
  payday_sent: {
    subject: (w) => `We sent ${w.amount} to ${w.recipient} from your deposit`,
    body: (w) => [
      `Your deposit from ${w.payer} arrived and, as your Payday rule asks, we sent ${w.amount} to ${w.recipient}. The fee and exchange rate are on the receipt.`,
    ],
  },
  payday_failed: {
    subject: (w) => `We could not send ${w.amount} to ${w.recipient}`,
    body: (w) => [
      `Your deposit from ${w.payer} arrived, but we could not send ${w.amount} to ${w.recipient} as your Payday rule asks: ${w.failure || 'the transfer was refused'}. No money moved.`,
      'See why under Payday (in Direct deposit), and send money from the app if you need to.',
    ],
  },
  colecta_invited: {
    subject: (w) => `${w.who} invited you to the colecta “${w.title}”`,
    body: (w) => [
      `${w.who} is collecting ${w.amount} to send home and invited you to chip in. Open Pago to see the colecta and contribute from your balance.`,
    ],
  },
  colecta_contribution: {
    subject: (w) => `${w.who} put ${w.amount} into “${w.title}”`,
    body: (w) => [
      `${w.who} put ${w.amount} into your colecta “${w.title}”. Pago holds the money until it is sent.`,
    ],
  },
  colecta_sent: {
    subject: (w) => `The colecta “${w.title}” was sent to ${w.recipient}`,
    body: (w) => [
      `We sent ${w.amount} to ${w.recipient} with what you collected in “${w.title}”. We'll tell you when it arrives.`,
    ],
  },
  colecta_delivered: {
    subject: (w) => `The colecta “${w.title}” reached ${w.recipient}`,
    body: (w) => [`The transfer of ${w.amount} to ${w.recipient} from “${w.title}” was delivered.`],
  },
  colecta_cancelled: {
    subject: (w) => `The colecta “${w.title}” was cancelled: ${w.amount} is back`,
    body: (w) => [
      `The colecta “${w.title}” was cancelled and not sent. Your ${w.amount} is back in your balance.`,
    ],
  },
  colecta_send_failed: {
    subject: (w) => `We couldn't send the colecta “${w.title}”`,
    body: (w) => [
      `The money of “${w.title}” was not sent: check that your balance covers the fee and that you are within your limits, then send it again. The contributions are still held.`,
    ],
  },
};
