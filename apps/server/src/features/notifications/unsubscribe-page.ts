import type { Language } from '@pago/shared/contracts/accounts';
import type { NotificationType } from '@pago/shared/contracts/notifications';
import { escapeHtml } from '../../lib/html';

/** The kinds of e-mail as the settings under Notifications name them (web `notifications.json`). */
const TYPE_NAMES: Record<Language, Partial<Record<NotificationType, string>>> = {
  es: {
    money_received: 'Dinero recibido',
    request_received: 'Solicitudes de dinero',
    request_paid: 'Solicitudes pagadas',
    request_declined: 'Solicitudes rechazadas',
    remittance_delivered: 'Envíos entregados',
    remittance_pickup_ready: 'Envíos listos para cobrar',
    remittance_refunded: 'Envíos no entregados y devueltos',
    deposit_returned: 'Dinero devuelto por tu banco',
    identity_approved: 'Identidad verificada',
    identity_failed: 'Identidad no verificada',
    new_sign_in: 'Nuevos inicios de sesión',
    card_purchase: 'Compras con tarjeta',
    card_declined: 'Cargos rechazados a tu tarjeta',
    card_atm_withdrawal: 'Retiros en cajeros automáticos',
    card_refund: 'Reembolsos a tu tarjeta',
    direct_deposit_pending: 'Depósitos directos recibidos',
    direct_deposit_available: 'Depósitos directos disponibles',
    direct_deposit_returned: 'Depósitos directos devueltos',
    check_deposit_received: 'Depósitos de cheques recibidos',
    check_deposit_available: 'Depósitos de cheques disponibles',
    check_deposit_rejected: 'Depósitos de cheques rechazados',
    check_deposit_returned: 'Cheques devueltos',
    cash_deposit_received: 'Depósitos en efectivo',
    card_dispute_opened: 'Disputas de cargos abiertas',
    card_dispute_credited: 'Créditos provisionales por disputas',
    card_dispute_won: 'Disputas resueltas a tu favor',
    card_dispute_lost: 'Disputas resueltas en tu contra',
    card_dispute_reversed: 'Créditos provisionales retirados',
    bill_scheduled: 'Pagos de facturas programados',
    bill_reminder: 'Recordatorios de pagos de facturas',
    bill_paid: 'Facturas pagadas',
    bill_returned: 'Pagos de facturas devueltos',
    bill_failed: 'Pagos de facturas que no se hicieron',
    card_funding_reversed: 'Contracargos de recargas con tarjeta',
    rate_alert_reached: 'Alertas de tipo de cambio',
    rate_order_sent: 'Envíos a tu tipo de cambio',
    rate_order_released: 'Envíos a tu tipo de cambio que no salieron',
    pideme_request: 'Solicitudes de tu familia (Pídeme)',
    payday_sent: 'Envíos de Día de pago',
    payday_failed: 'Envíos de Día de pago que no se hicieron',
    colecta_invited: 'Invitaciones a colectas',
    colecta_contribution: 'Aportes a tus colectas',
    colecta_sent: 'Colectas enviadas',
    colecta_delivered: 'Colectas entregadas',
    colecta_cancelled: 'Colectas canceladas',
    colecta_send_failed: 'Colectas que no se enviaron',
  },
  en: {
    money_received: 'Money received',
    request_received: 'Money requests',
    request_paid: 'Requests paid',
    request_declined: 'Requests declined',
    remittance_delivered: 'Transfers delivered',
    remittance_pickup_ready: 'Transfers ready for pickup',
    remittance_refunded: 'Transfers not delivered and refunded',
    deposit_returned: 'Money returned by your bank',
    identity_approved: 'Identity verified',
    identity_failed: 'Identity not verified',
    new_sign_in: 'New sign-ins',
    card_purchase: 'Card purchases',
    card_declined: 'Declined card charges',
    card_atm_withdrawal: 'ATM withdrawals',
    card_refund: 'Refunds to your card',
    direct_deposit_pending: 'Direct deposits received',
    direct_deposit_available: 'Direct deposits available',
    direct_deposit_returned: 'Direct deposits returned',
    check_deposit_received: 'Check deposits received',
    check_deposit_available: 'Check deposits available',
    check_deposit_rejected: 'Check deposits rejected',
    check_deposit_returned: 'Returned checks',
    cash_deposit_received: 'Cash deposits',
    card_dispute_opened: 'Charge disputes opened',
    card_dispute_credited: 'Provisional credit for disputes',
    card_dispute_won: 'Disputes resolved in your favor',
    card_dispute_lost: 'Disputes resolved against you',
    card_dispute_reversed: 'Provisional credit taken back',
    bill_scheduled: 'Scheduled bill payments',
    bill_reminder: 'Bill payment reminders',
    bill_paid: 'Bills paid',
    bill_returned: 'Bill payments returned',
    bill_failed: 'Bill payments not made',
    card_funding_reversed: 'Card top-up chargebacks',
    rate_alert_reached: 'Exchange rate alerts',
    rate_order_sent: 'Transfers at your rate',
    rate_order_released: 'Transfers at your rate that did not go out',
    pideme_request: 'Requests from your family (Pídeme)',
    payday_sent: 'Payday sends',
    payday_failed: 'Payday sends not made',
    colecta_invited: 'Colecta invitations',
    colecta_contribution: 'Contributions to your colectas',
    colecta_sent: 'Colectas sent',
    colecta_delivered: 'Colectas delivered',
    colecta_cancelled: 'Colectas cancelled',
    colecta_send_failed: 'Colectas not sent',
  },
};

const WORDS = {
  es: {
    title: 'Correos de Pago',
    ask: (kind: string) => `¿Dejar de recibir correos de «${kind}»?`,
    stillInApp:
      'Seguirás viendo estos avisos en la app. Puedes volver a activar los correos en Notificaciones.',
    button: 'Dejar de recibir estos correos',
    done: (kind: string) => `Listo: ya no te enviaremos correos de «${kind}».`,
    again: 'Puedes volver a activarlos en Notificaciones, en la app.',
    invalid: 'Este enlace para dejar de recibir correos no es válido.',
    invalidHelp:
      'Puede que lo hayas copiado incompleto. Elige qué correos recibir en Notificaciones, en la app.',
  },
  en: {
    title: 'Pago e-mails',
    ask: (kind: string) => `Stop getting “${kind}” e-mails?`,
    stillInApp:
      'You will still see these notices in the app. You can turn the e-mails back on under Notifications.',
    button: 'Stop these e-mails',
    done: (kind: string) => `Done: we will no longer e-mail you about “${kind}”.`,
    again: 'You can turn them back on under Notifications, in the app.',
    invalid: 'This unsubscribe link is not valid.',
    invalidHelp:
      'It may have been copied incompletely. Choose which e-mails you get under Notifications, in the app.',
  },
} as const;

function page(language: Language, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${WORDS[language].title}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1B1F3B;max-width:520px;margin:0 auto;padding:24px}
.brand{font-size:24px;font-weight:800;color:#3A4ADF;margin:0 0 24px}
button{font:inherit;font-weight:600;color:#fff;background:#3A4ADF;border:0;border-radius:8px;padding:12px 20px;cursor:pointer}
button:focus-visible{outline:3px solid #1B1F3B;outline-offset:2px}</style>
</head><body><main>
<p class="brand">Pago</p>
${body}
</main></body></html>`;
}

/**
 * What a GET of the unsubscribe link shows: the question and a button that posts the one-click
 * form to the same address (a GET never changes anything: mail scanners follow links).
 */
export function unsubscribeQuestionPage(
  language: Language,
  type: NotificationType,
  token: string,
): string {
  const w = WORDS[language];
  const kind = TYPE_NAMES[language][type] ?? type;
  return page(
    language,
    `<h1>${escapeHtml(w.ask(kind))}</h1>
<p>${escapeHtml(w.stillInApp)}</p>
<form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(w.button)}</button>
</form>`,
  );
}

/** What the one-click POST answers: that kind of e-mail is off. */
export function unsubscribedPage(language: Language, type: NotificationType): string {
  const w = WORDS[language];
  const kind = TYPE_NAMES[language][type] ?? type;
  return page(language, `<h1>${escapeHtml(w.done(kind))}</h1>\n<p>${escapeHtml(w.again)}</p>`);
}

/**
 * What a browser opening a link that is not (or no longer) valid sees: the link names no user
 * Pago can trust, so the page says it in Spanish, then English.
 */
export function invalidUnsubscribeLinkPage(): string {
  const [es, en] = [WORDS.es, WORDS.en];
  return page(
    'es',
    `<h1>${escapeHtml(es.invalid)}</h1>
<p>${escapeHtml(es.invalidHelp)}</p>
<div lang="en"><h2>${escapeHtml(en.invalid)}</h2>
<p>${escapeHtml(en.invalidHelp)}</p></div>`,
  );
}
