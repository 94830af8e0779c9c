import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import type { ErrorCaseReason } from '@pago/shared/contracts/remittances';
import { type Cents, formatUsd } from '@pago/shared/money';
import type { RightsLanguage } from '@pago/shared/remittance-rights';
import { formatDateTime } from '@pago/shared/time-zones';

/**
 * What a remittance error case decides and what the sender is told (§ 1005.33;
 * docs/architecture.md, "Remittance error cases and the receipt"). Pure:
 * remittance-cases.service.ts asks the partner, moves the money and stores the decision.
 */

/**
 * What the partner's answer shows. `paid`: the money was made available to the recipient (cash
 * ready for pickup, class 6, or completed, class 7), at `at` as far as Pago knows. `not_paid`: it
 * never will be as things stand (rejected, cancelled, reversed, declined, or unknown to the
 * partner). `in_progress`: still on its way (created, confirmed, submitted).
 */
export type PartnerFinding =
  | {
      kind: 'paid';
      at: Date;
      destinationAmount: string | null;
      creditParty: Record<string, unknown>;
    }
  | { kind: 'not_paid' }
  | { kind: 'in_progress' };

/** What was decided, before any money moves. `wait`: nothing to decide yet (ask again later). */
export type CaseDecision =
  | { kind: 'wait' }
  | { kind: 'no_error'; finding: NoErrorFinding; paidAt: Date }
  | { kind: 'error'; finding: ErrorFinding; paidAt: Date | null };

type NoErrorFinding = 'paid_on_time' | 'amount_as_disclosed' | 'details_as_given';
type ErrorFinding = 'not_paid' | 'late' | 'wrong_amount' | 'wrong_details';

/** Two decimal texts that are the same number ("250.50" and "250.5"). */
function sameDecimal(a: string, b: string): boolean {
  const norm = (value: string) => {
    const [whole = '0', fraction = ''] = value.trim().replace(/^\+/, '').split('.');
    const w = whole.replace(/^0+(?=\d)/, '');
    const f = fraction.replace(/0+$/, '');
    return f ? `${w}.${f}` : w;
  };
  return norm(a) === norm(b);
}

/**
 * The decision on a case from the partner's answer (pure: tested by itself and through the
 * routes). An error is anything the rule counts as one (§ 1005.33(a)(1)): not made available, made
 * available after the availability date, another amount than disclosed, or other account details
 * than the sender gave.
 */
export function decide(input: {
  reason: ErrorCaseReason;
  partner: PartnerFinding;
  availableBy: Date;
  now: Date;
  disclosure: RemittanceDisclosure | null;
  /** The payer's fields the sender gave, by the partner's names. */
  fields: Record<string, string | undefined>;
}): CaseDecision {
  const { partner, availableBy } = input;
  if (partner.kind === 'not_paid') return { kind: 'error', finding: 'not_paid', paidAt: null };
  if (partner.kind === 'in_progress') {
    return input.now.getTime() > availableBy.getTime()
      ? { kind: 'error', finding: 'late', paidAt: null }
      : { kind: 'wait' };
  }
  if (partner.at.getTime() > availableBy.getTime()) {
    return { kind: 'error', finding: 'late', paidAt: partner.at };
  }
  if (input.reason === 'wrong_amount') {
    const disclosed = input.disclosure?.totalToRecipient;
    if (
      disclosed &&
      partner.destinationAmount &&
      !sameDecimal(disclosed, partner.destinationAmount)
    ) {
      return { kind: 'error', finding: 'wrong_amount', paidAt: partner.at };
    }
    return { kind: 'no_error', finding: 'amount_as_disclosed', paidAt: partner.at };
  }
  if (input.reason === 'wrong_recipient_details') {
    const differs = Object.entries(input.fields).some(([name, given]) => {
      const sent = partner.creditParty[name];
      return given !== undefined && typeof sent === 'string' && sent !== given;
    });
    return differs
      ? { kind: 'error', finding: 'wrong_details', paidAt: partner.at }
      : { kind: 'no_error', finding: 'details_as_given', paidAt: partner.at };
  }
  return { kind: 'no_error', finding: 'paid_on_time', paidAt: partner.at };
}

/** How the money was made right, for the answer's last sentence. */
export type Remedy = {
  refundedNow: boolean;
  totalCents: Cents;
  resendAsked: boolean;
  /** Sent again at no cost: the amount went out again, the fee stayed returned. */
  resent: { feeCents: Cents; reference: string } | null;
  /** Made available late: the recipient has the money, the fee (`totalCents`) came back. */
  feeOnly: boolean;
};

/**
 * The answer to the sender, in the language of their report, its moments in the sender's own
 * zone (`userTimeZone`) with the zone's name, as their receipt writes them.
 */
export function resolutionText(
  language: RightsLanguage,
  decision: Exclude<CaseDecision, { kind: 'wait' }>,
  availableBy: Date,
  remedy: Remedy | null,
  timeZone: string,
): string {
  const when = (date: Date) => formatDateTime(date, language, timeZone);
  const promised = when(availableBy);
  if (language === 'es') {
    if (decision.kind === 'no_error') {
      const paid = `Nuestro socio de pago confirmó que el dinero quedó disponible para el destinatario el ${when(decision.paidAt)}, antes de la fecha de disponibilidad que te indicamos (${promised}).`;
      const more = {
        paid_on_time: '',
        amount_as_disclosed: ' El destinatario recibió el monto que te indicamos antes de pagar.',
        details_as_given: ' Se pagó a la cuenta con los datos que nos diste.',
      }[decision.finding];
      return `${paid}${more} No encontramos un error. Puedes pedirnos los documentos en los que nos basamos.`;
    }
    const why = {
      not_paid: 'el dinero no llegó al destinatario',
      late: `el dinero no estuvo disponible para el destinatario en la fecha que te indicamos (${promised})`,
      wrong_amount: 'el destinatario recibió un monto distinto del que te indicamos',
      wrong_details: 'el dinero se envió con datos de cuenta distintos de los que nos diste',
    }[decision.finding];
    const total = remedy ? formatUsd(remedy.totalCents, 'es') : '';
    if (remedy?.feeOnly) {
      const fee = formatUsd(remedy.totalCents, 'es');
      return remedy.refundedNow
        ? `Encontramos un error: ${why}. El destinatario sí recibió el dinero, así que te devolvimos la comisión (${fee}) a tu saldo de Pago.`
        : `Encontramos un error: ${why}. El destinatario sí recibió el dinero, y ya te habíamos devuelto la comisión, así que no movimos dinero de nuevo.`;
    }
    if (remedy?.resent) {
      return `Encontramos un error: ${why}. Como lo pediste, enviamos el dinero de nuevo a tu destinatario sin costo para ti (referencia ${remedy.resent.reference}) y te devolvimos la comisión (${formatUsd(remedy.resent.feeCents, 'es')}) a tu saldo de Pago.`;
    }
    const resend = remedy?.resendAsked
      ? ' Pediste que lo enviáramos de nuevo sin costo, pero no pudimos enviarlo de nuevo, así que lo resolvimos con un reembolso.'
      : '';
    const money = remedy?.refundedNow
      ? `Te devolvimos ${total} (el monto y la comisión) a tu saldo de Pago.`
      : `Ya te habíamos devuelto ${total} (el monto y la comisión) a tu saldo de Pago, así que no movimos dinero de nuevo.`;
    return `Encontramos un error: ${why}.${resend} ${money}`;
  }
  if (decision.kind === 'no_error') {
    const paid = `Our payout partner confirmed the funds were made available to the recipient on ${when(decision.paidAt)}, before the date we promised (${promised}).`;
    const more = {
      paid_on_time: '',
      amount_as_disclosed: ' The recipient received the amount we disclosed before you paid.',
      details_as_given: ' It was paid to the account details you gave us.',
    }[decision.finding];
    return `${paid}${more} We found no error. You may ask us for the documents we relied on.`;
  }
  const why = {
    not_paid: 'the funds did not reach the recipient',
    late: `the funds were not made available to the recipient by the date we promised (${promised})`,
    wrong_amount: 'the recipient received a different amount than we disclosed',
    wrong_details: 'the funds were sent with other account details than the ones you gave us',
  }[decision.finding];
  const total = remedy ? formatUsd(remedy.totalCents, 'en') : '';
  if (remedy?.feeOnly) {
    const fee = formatUsd(remedy.totalCents, 'en');
    return remedy.refundedNow
      ? `We found an error: ${why}. The recipient did receive the money, so we returned the fee (${fee}) to your Pago balance.`
      : `We found an error: ${why}. The recipient did receive the money and we had already returned the fee, so no money moved again.`;
  }
  if (remedy?.resent) {
    return `We found an error: ${why}. As you asked, we sent the money to your recipient again at no cost to you (reference ${remedy.resent.reference}) and returned the fee (${formatUsd(remedy.resent.feeCents, 'en')}) to your Pago balance.`;
  }
  const resend = remedy?.resendAsked
    ? ' You asked us to send it again at no cost, but we could not send it again, so we resolved it with a refund.'
    : '';
  const money = remedy?.refundedNow
    ? `We returned ${total} (the amount and the fee) to your Pago balance.`
    : `We had already returned ${total} (the amount and the fee) to your Pago balance, so no money moved again.`;
  return `We found an error: ${why}.${resend} ${money}`;
}
