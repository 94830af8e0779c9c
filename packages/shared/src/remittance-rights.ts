/**
 * The statements the CFPB's Remittance Transfer Rule (Regulation E, subpart B) requires on a
 * remittance's disclosure and receipt, in the two languages Pago serves (§ 1005.31(g): in the
 * language the sender used). One text for the screens, the e-mail and the PDF receipt, so the
 * three never say different things. The amounts and dates come from `RemittanceDisclosure`.
 */

export type RightsLanguage = 'es' | 'en';

/** Whom a sender can reach: Pago, the state that licenses it, and the CFPB. */
export const REMITTANCE_CONTACTS = {
  pago: {
    name: 'Pago',
    phone: '1-800-555-0199',
    email: 'support@pago.app',
    web: 'https://pago.app/help',
  },
  /**
   * The state agency that licenses Pago as a money transmitter where the sender lives. Pago's
   * license file is not real yet: until it is, every sender sees the NMLS Consumer Access
   * directory, where each state's regulator is listed (§ 1005.31(b)(2)(vi) names the agency of
   * the sender's state; the directory is how that is found).
   */
  stateRegulator: {
    name: 'NMLS Consumer Access',
    phone: null,
    web: 'https://www.nmlsconsumeraccess.org',
  },
  cfpb: {
    name: 'Consumer Financial Protection Bureau',
    phone: '1-855-411-2372',
    tty: '1-855-729-2372',
    web: 'https://www.consumerfinance.gov/complaint',
  },
} as const;

/** Minutes the sender has to cancel for a full refund (§ 1005.34(a)). */
export const CANCEL_MINUTES = 30;
/** Days after the availability date to report an error (§ 1005.33(b)(1)). */
export const ERROR_REPORT_DAYS = 180;
/** Days Pago has to decide an error report (§ 1005.33(c)(1)). */
export const ERROR_DECIDE_DAYS = 90;
/** Business days after deciding to tell the sender (§ 1005.33(c)(1)). */
export const ERROR_REPORT_RESULT_BUSINESS_DAYS = 3;

type Rights = {
  title: string;
  beforePaying: string;
  receipt: string;
  labels: {
    transferAmount: string;
    transferFees: string;
    transferTaxes: string;
    total: string;
    exchangeRate: string;
    transferAmountForeign: string;
    otherFees: string;
    totalToRecipient: string;
    availableBy: string;
    recipient: string;
    sender: string;
    reference: string;
    date: string;
  };
  /** When the money goes to an account (§ 1005.31(b)(1)(viii)). */
  recipientMayReceiveLess: string;
  /** Every disclosure: fees the recipient's side may charge that Pago cannot know. */
  otherFeesNote: string;
  cancellation: string;
  errorResolution: string;
  contactsTitle: string;
  contactPago: string;
  contactRegulator: string;
  contactCfpb: string;
};

export const REMITTANCE_RIGHTS: Record<RightsLanguage, Rights> = {
  es: {
    title: 'Envío de dinero al exterior',
    beforePaying: 'Revisa los detalles antes de pagar',
    receipt: 'Recibo',
    labels: {
      transferAmount: 'Monto del envío',
      transferFees: 'Comisión de envío',
      transferTaxes: 'Impuestos del envío',
      total: 'Total',
      exchangeRate: 'Tipo de cambio',
      transferAmountForeign: 'Monto del envío',
      otherFees: 'Otras comisiones',
      totalToRecipient: 'Total para el destinatario',
      availableBy: 'Fecha de disponibilidad',
      recipient: 'Destinatario',
      sender: 'Remitente',
      reference: 'Referencia',
      date: 'Fecha',
    },
    recipientMayReceiveLess:
      'El destinatario podría recibir menos por comisiones que cobre su banco y por impuestos en el extranjero.',
    otherFeesNote:
      'Pago no cobra otras comisiones ni impuestos por este envío. El banco o la red que paga al destinatario podría cobrar las suyas.',
    cancellation:
      'Tienes derecho a cancelar este envío y recibir el reembolso total, comisiones incluidas, si lo pides en los 30 minutos siguientes a pagar y el dinero aún no se ha cobrado ni depositado. Cancélalo desde la página de seguimiento o llámanos.',
    errorResolution:
      'Tienes derecho a reclamar si hay un error en tu envío. Si crees que lo hay, contáctanos en los 180 días siguientes a la fecha de disponibilidad que te indicamos. También puedes contactarnos para pedir una explicación escrita de tus derechos.',
    contactsTitle: 'Para preguntas o reclamos',
    contactPago: 'Pago',
    contactRegulator: 'Regulador de tu estado',
    contactCfpb: 'Oficina para la Protección Financiera del Consumidor (CFPB)',
  },
  en: {
    title: 'Money sent abroad',
    beforePaying: 'Review the details before you pay',
    receipt: 'Receipt',
    labels: {
      transferAmount: 'Transfer amount',
      transferFees: 'Transfer fees',
      transferTaxes: 'Transfer taxes',
      total: 'Total',
      exchangeRate: 'Exchange rate',
      transferAmountForeign: 'Transfer amount',
      otherFees: 'Other fees',
      totalToRecipient: 'Total to recipient',
      availableBy: 'Date available',
      recipient: 'Recipient',
      sender: 'Sender',
      reference: 'Reference',
      date: 'Date',
    },
    recipientMayReceiveLess:
      'Recipient may receive less due to fees charged by the recipient’s bank and foreign taxes.',
    otherFeesNote:
      'Pago charges no other fees or taxes on this transfer. The bank or network that pays the recipient may charge its own.',
    cancellation:
      'You have a right to cancel this transfer and obtain a full refund of all funds paid to us, including any fees, if you ask within 30 minutes of payment and the funds have not been picked up or deposited. Cancel from the tracking page or call us.',
    errorResolution:
      'You have a right to dispute errors in your transaction. If you think there is an error, contact us within 180 days of the date we promised to you that funds would be made available to the recipient. You can also contact us for a written explanation of your rights.',
    contactsTitle: 'For questions or complaints',
    contactPago: 'Pago',
    contactRegulator: 'Your state regulator',
    contactCfpb: 'Consumer Financial Protection Bureau (CFPB)',
  },
};
