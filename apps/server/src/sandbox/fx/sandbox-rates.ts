/**
 * The Thunes fake's market rates: a fixed reference table covering every corridor currency (USD for
 * Ecuador, El Salvador and Panama), so its quotations are deterministic.
 */
export const SANDBOX_REFERENCE_RATES: Readonly<Record<string, string>> = {
  USD: '1',
  MXN: '18.25',
  GTQ: '7.70',
  BZD: '2.00',
  HNL: '25.10',
  NIO: '36.60',
  CRC: '508.40',
  COP: '4010.00',
  VES: '36.50',
  GYD: '209.20',
  SRD: '35.90',
  BRL: '5.42',
  PEN: '3.74',
  BOB: '6.91',
  PYG: '7425',
  UYU: '40.15',
  ARS: '975.50',
  CLP: '942',
};
