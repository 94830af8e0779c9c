/** Where people write to us; the legal pages and e-mails show it. */
export const SUPPORT_EMAIL = 'support@pago.app';
