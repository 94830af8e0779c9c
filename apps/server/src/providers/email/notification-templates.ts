import type { Language } from '@pago/shared/contracts/accounts';
import type { NotificationData, NotificationType } from '@pago/shared/contracts/notifications';
import { type Cents, formatUsd } from '@pago/shared/money';
import { depositReturnedEmail, type EmailContent, paragraphsEmail, plainName } from './templates';

/** What a notification's e-mail is made of: its type, data, the user and the other person. */
export type NotificationEmailInput = {
  type: NotificationType;
  data: NotificationData;
  createdAt: Date;
  name: string;
  actorName: string | null;
  /** The link that stops this kind of e-mail (also its List-Unsubscribe header). */
  unsubscribeUrl?: string | undefined;
};

type Words = {
  amount: string;
  who: string;
  phone: string;
  device: string;
  time: string;
  merchant: string;
  fee: string;
  reason: string;
  payer: string;
  owed: string;
  biller: string;
  date: string;
};

/** Why a card was declined, as the notification says it. */
const DECLINE_WORDS: Record<Language, Record<string, string>> = {
  es: {
    card_frozen: 'tu tarjeta está congelada',
    card_closed: 'tu tarjeta está cancelada',
    card_inactive: 'tu tarjeta aún no está activada',
    insufficient_funds: 'no tienes saldo suficiente',
    card_limit_exceeded: 'superaría el límite diario de tu tarjeta',
  },
  en: {
    card_frozen: 'your card is frozen',
    card_closed: 'your card is closed',
    card_inactive: 'your card is not activated yet',
    insufficient_funds: 'your balance is not enough',
    card_limit_exceeded: 'it would go over your card’s daily limit',
  },
};
/** Why the partner rejected or returned a check (its reasons; docs/check-deposits.md). */
const CHECK_REASON_WORDS: Record<Language, Record<string, string>> = {
  es: {
    ImageQuality: 'las fotos no se pueden leer',
    PossibleDuplicate: 'parece que ese cheque ya se depositó',
    InsufficientFunds: 'la cuenta del cheque no tenía fondos suficientes',
  },
  en: {
    ImageQuality: 'the photos cannot be read',
    PossibleDuplicate: 'that check seems to have been deposited already',
    InsufficientFunds: 'the check’s account did not have enough money',
  },
};
type Text = { subject: (w: Words) => string; body: (w: Words) => string[] };

const TEXTS: Record<Language, Record<Exclude<NotificationType, 'deposit_returned'>, Text>> = {
  es: {
    money_received: {
      subject: (w) => `${w.who} te envió ${w.amount}`,
      body: (w) => [`${w.who} te envió ${w.amount}. Ya está en tu saldo.`],
    },
    request_received: {
      subject: (w) => `${w.who} te solicitó ${w.amount}`,
      body: (w) => [
        `${w.who} te solicitó ${w.amount}.`,
        'Abre Pago para pagar o rechazar la solicitud.',
      ],
    },
    request_paid: {
      subject: (w) => `${w.who} pagó tu solicitud de ${w.amount}`,
      body: (w) => [`${w.who} pagó tu solicitud de ${w.amount}. Ya está en tu saldo.`],
    },
    request_declined: {
      subject: (w) => `${w.who} rechazó tu solicitud de ${w.amount}`,
      body: (w) => [`${w.who} rechazó tu solicitud de ${w.amount}.`],
    },
    remittance_delivered: {
      subject: (w) => `Tu envío de ${w.amount} fue entregado`,
      body: (w) => [`El dinero que enviaste a ${w.phone} (${w.amount}) fue entregado.`],
    },
    remittance_pickup_ready: {
      subject: (w) => `Tu envío de ${w.amount} está listo para recoger`,
      body: (w) => [
        `El dinero que enviaste a ${w.phone} (${w.amount}) ya se puede recoger. Comparte el código de retiro con quien lo recibe.`,
      ],
    },
    remittance_refunded: {
      subject: (w) => `No pudimos entregar tu envío: te devolvimos ${w.amount}`,
      body: (w) => [
        `No pudimos entregar el dinero que enviaste a ${w.phone}. Te devolvimos ${w.amount}, monto y comisión, a tu saldo.`,
      ],
    },
    identity_approved: {
      subject: () => 'Verificamos tu identidad',
      body: () => ['Tu identidad está verificada. Ya puedes enviar y recibir dinero.'],
    },
    identity_failed: {
      subject: () => 'No pudimos verificar tu identidad',
      body: () => ['No pudimos verificar tu identidad. Revisa tus datos e inténtalo de nuevo.'],
    },
    new_sign_in: {
      subject: () => 'Nuevo inicio de sesión en tu cuenta',
      body: (w) => [
        `Alguien inició sesión en tu cuenta desde ${w.device} el ${w.time}.`,
        'Si no fuiste tú, cambia tu contraseña de inmediato.',
      ],
    },
    password_changed: {
      subject: () => 'Tu contraseña cambió',
      body: () => [
        'La contraseña de tu cuenta cambió y cerramos las sesiones abiertas en otros dispositivos.',
        'Si no fuiste tú, restablece tu contraseña de inmediato desde la página de inicio de sesión.',
      ],
    },
    card_purchase: {
      subject: (w) => `Compraste ${w.amount} en ${w.merchant}`,
      body: (w) => [
        `Pagaste ${w.amount} con tu tarjeta Pago en ${w.merchant}. Aparece como pendiente hasta que el comercio la confirme.`,
      ],
    },
    card_declined: {
      subject: (w) => `Rechazamos un cargo de ${w.amount} a tu tarjeta`,
      body: (w) => [
        `Rechazamos un cargo de ${w.amount} en ${w.merchant}: ${w.reason}.`,
        'Si no fuiste tú, congela tu tarjeta desde la app.',
      ],
    },
    card_atm_withdrawal: {
      subject: (w) => `Retiraste ${w.amount} en un cajero automático`,
      body: (w) => [
        `Retiraste ${w.amount} en ${w.merchant} con tu tarjeta Pago. Comisión: ${w.fee}.`,
      ],
    },
    bill_scheduled: {
      subject: (w) => `Programaste un pago de ${w.amount} a ${w.biller}`,
      body: (w) => [`Pagaremos ${w.amount} a ${w.biller} el ${w.date}.`],
    },
    bill_reminder: {
      subject: (w) => `En 3 días pagamos ${w.amount} a ${w.biller}`,
      body: (w) => [
        `El ${w.date} pagaremos ${w.amount} a ${w.biller}. Asegúrate de tener saldo suficiente ese día.`,
      ],
    },
    bill_paid: {
      subject: (w) => `Pagaste ${w.amount} a ${w.biller}`,
      body: (w) => [`Tu pago de ${w.amount} a ${w.biller} llegó.`],
    },
    bill_returned: {
      subject: (w) => `Tu pago a ${w.biller} no se completó: te devolvimos ${w.amount}`,
      body: (w) => [
        `Tu pago de ${w.amount} a ${w.biller} no se pudo completar. El dinero ya está de vuelta en tu saldo.`,
      ],
    },
    bill_failed: {
      subject: (w) => `No pudimos pagar ${w.amount} a ${w.biller}`,
      body: (w) => [
        `El pago programado del ${w.date} de ${w.amount} a ${w.biller} no se hizo: tu saldo no alcanzaba o superaba tus límites. No se movió dinero.`,
      ],
    },
    card_refund: {
      subject: (w) => `${w.merchant} te reembolsó ${w.amount}`,
      body: (w) => [`${w.merchant} te reembolsó ${w.amount} a tu tarjeta. Ya está en tu saldo.`],
    },
    check_deposit_received: {
      subject: (w) => `Recibimos tu depósito de cheque de ${w.amount}`,
      body: (w) => [
        `Recibimos tu depósito de cheque de ${w.amount}. Lo estamos revisando; verás el dinero como pendiente en tu saldo hasta que esté disponible.`,
      ],
    },
    check_deposit_available: {
      subject: (w) => `Tu cheque de ${w.amount} ya está disponible`,
      body: (w) => [`Tu depósito de cheque de ${w.amount} ya está disponible en tu saldo.`],
    },
    check_deposit_rejected: {
      subject: (w) => `No pudimos aceptar tu cheque de ${w.amount}`,
      body: (w) => [
        `No pudimos aceptar tu depósito de cheque de ${w.amount}${w.reason ? `: ${w.reason}` : ''}. No se agregó dinero a tu saldo.`,
      ],
    },
    check_deposit_returned: {
      subject: (w) => `Tu cheque de ${w.amount} fue devuelto`,
      body: (w) => [
        `El banco devolvió tu cheque de ${w.amount}${w.reason ? `: ${w.reason}` : ''}. Lo quitamos de tu saldo.`,
        ...(w.owed
          ? [`Tu cuenta debe ${w.owed}; lo cubriremos con el próximo dinero que recibas.`]
          : []),
      ],
    },
    cash_deposit_received: {
      subject: (w) => `Depositaste ${w.amount} en efectivo`,
      body: (w) => [
        `Depositaste ${w.amount} en efectivo en ${w.merchant}. Comisión: ${w.fee}. Ya está en tu saldo.`,
      ],
    },
    card_dispute_opened: {
      subject: (w) => `Recibimos tu disputa de ${w.amount}`,
      body: (w) => [
        `Recibimos tu disputa del cargo de ${w.merchant} por ${w.amount}.`,
        'Si no la resolvemos antes, te daremos un crédito provisional en un plazo de 10 días hábiles.',
      ],
    },
    card_dispute_credited: {
      subject: (w) => `Te dimos un crédito provisional de ${w.amount}`,
      body: (w) => [
        `Mientras investigamos tu disputa del cargo de ${w.merchant}, te dimos un crédito provisional de ${w.amount}. Ya está en tu saldo.`,
      ],
    },
    card_dispute_won: {
      subject: (w) => `Resolvimos tu disputa a tu favor: ${w.amount}`,
      body: (w) => [
        `Resolvimos a tu favor la disputa del cargo de ${w.merchant}. El crédito de ${w.amount} es definitivo.`,
      ],
    },
    card_dispute_lost: {
      subject: (w) => `Resolvimos tu disputa del cargo de ${w.merchant}`,
      body: (w) => [
        `Después de investigar, determinamos que el cargo de ${w.merchant} fue correcto.`,
        ...(w.date
          ? [
              `Retiraremos el crédito provisional de ${w.amount} de tu saldo el ${w.date}. Hasta esa fecha seguiremos pagando tus compras y envíos como siempre.`,
            ]
          : []),
        'Puedes pedirnos los documentos en los que basamos nuestra decisión.',
      ],
    },
    card_dispute_reversed: {
      subject: (w) => `Retiramos el crédito provisional de ${w.amount}`,
      body: (w) => [
        `Retiramos de tu saldo el crédito provisional de ${w.amount} por el cargo de ${w.merchant}.`,
        `Lo que tu saldo no cubrió (${w.owed}) lo cobraremos de tu próximo depósito.`,
      ],
    },
    phone_changed: {
      subject: () => 'Verificaste un teléfono nuevo',
      body: (w) => [
        `El número ${w.phone} ahora está vinculado a tu cuenta.`,
        'Si no fuiste tú, cambia tu contraseña de inmediato.',
      ],
    },
    direct_deposit_pending: {
      subject: (w) => `Recibiste un depósito de ${w.amount}`,
      body: (w) => [
        `${w.payer} te envió ${w.amount} por depósito directo. Aparece en tu saldo como pendiente hasta que esté disponible.`,
      ],
    },
    direct_deposit_available: {
      subject: (w) => `Tu depósito de ${w.amount} ya está disponible`,
      body: (w) => [`El depósito de ${w.amount} de ${w.payer} ya está disponible en tu saldo.`],
    },
    direct_deposit_returned: {
      subject: (w) => `Devolvieron un depósito de ${w.amount}`,
      body: (w) => [
        `El banco de ${w.payer} devolvió el depósito de ${w.amount} y lo retiramos de tu saldo.`,
        ...(w.owed
          ? [
              `Tu saldo no alcanzaba: tu cuenta debe ${w.owed}, que cobraremos de tu próximo depósito.`,
            ]
          : []),
      ],
    },
  },
  en: {
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
      subject: (w) => `Your transfer of ${w.amount} was delivered`,
      body: (w) => [`The money you sent to ${w.phone} (${w.amount}) was delivered.`],
    },
    remittance_pickup_ready: {
      subject: (w) => `Your transfer of ${w.amount} is ready for pickup`,
      body: (w) => [
        `The money you sent to ${w.phone} (${w.amount}) can now be picked up. Share the pickup code with the recipient.`,
      ],
    },
    remittance_refunded: {
      subject: (w) => `We could not deliver your transfer: ${w.amount} refunded`,
      body: (w) => [
        `We could not deliver the money you sent to ${w.phone}. We returned ${w.amount}, amount and fee, to your balance.`,
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
        `You paid ${w.amount} with your Pago card at ${w.merchant}. It shows as pending until the merchant confirms it.`,
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
      body: (w) => [
        `You withdrew ${w.amount} at ${w.merchant} with your Pago card. Fee: ${w.fee}.`,
      ],
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
  },
};

const FRAME = {
  es: {
    greeting: (name: string) => `Hola, ${name}:`,
    unknownDevice: 'un dispositivo desconocido',
    settings: 'Puedes elegir qué correos recibes en Notificaciones, en la app.',
    unsubscribe: (url: string) => `Para dejar de recibir este tipo de correo: ${url}`,
    signature: 'El equipo de Pago',
  },
  en: {
    greeting: (name: string) => `Hi ${name},`,
    unknownDevice: 'an unknown device',
    settings: 'You can choose which e-mails you get under Notifications, in the app.',
    unsubscribe: (url: string) => `To stop this kind of e-mail: ${url}`,
    signature: 'The Pago team',
  },
} as const;

/** US Eastern time, as Pago's days and limits are counted (spec §9). */
function formatTime(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/New_York',
    timeZoneName: 'short',
  }).format(at);
}

/** The e-mail of one notification, in the user's language. */
export function notificationEmail(
  language: Language,
  { type, data, createdAt, name, actorName, unsubscribeUrl }: NotificationEmailInput,
): EmailContent {
  const amountCents = (data.amountCents ?? 0) as Cents;
  if (type === 'deposit_returned') {
    return depositReturnedEmail(language, {
      name,
      amountCents,
      owedCents: (data.owedCents ?? 0) as Cents,
      unsubscribe: unsubscribeUrl ? FRAME[language].unsubscribe(unsubscribeUrl) : undefined,
    });
  }
  const frame = FRAME[language];
  const text = TEXTS[language][type];
  const words: Words = {
    amount: formatUsd(amountCents, language),
    who: plainName(actorName ?? ''),
    phone: data.phone ?? '',
    device: data.device ?? frame.unknownDevice,
    time: formatTime(createdAt, language),
    merchant: data.merchant ?? '',
    fee: formatUsd((data.feeCents ?? 0) as Cents, language),
    payer: data.payer ?? '',
    reason:
      DECLINE_WORDS[language][data.declineReason ?? ''] ??
      CHECK_REASON_WORDS[language][data.declineReason ?? ''] ??
      '',
    owed: data.owedCents ? formatUsd(data.owedCents as Cents, language) : '',
    // A lost dispute's reversal day, or a bill payment's day.
    date:
      (data.date ?? data.payDate)
        ? new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }).format(new Date(`${data.date ?? data.payDate}T12:00:00Z`))
        : '',
    biller: data.biller ?? '',
  };
  const always = type === 'password_changed' || type === 'phone_changed';
  return paragraphsEmail(language, text.subject(words), [
    frame.greeting(plainName(name)),
    ...text.body(words),
    ...(data.note ? [`“${data.note}”`] : []),
    ...(always ? [] : [frame.settings]),
    ...(unsubscribeUrl ? [frame.unsubscribe(unsubscribeUrl)] : []),
    frame.signature,
  ]);
}
