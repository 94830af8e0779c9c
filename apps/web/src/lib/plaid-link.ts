import { loadScript } from './load-script';

// The parts of Plaid Link that we use (its documented shapes): identity verification and
// linking a bank both open it.

export type PlaidLinkMetadata = {
  /** For Identity Verification, the verification's id ("idv_…") once one exists. */
  link_session_id?: string | null;
  [key: string]: unknown;
};
export type PlaidLinkError = {
  error_type?: string;
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
};
export type PlaidLinkOptions = {
  token: string;
  onSuccess(publicToken: string, metadata: PlaidLinkMetadata): void;
  onExit?(error: PlaidLinkError | null, metadata: PlaidLinkMetadata): void;
  onEvent?(eventName: string, metadata: PlaidLinkMetadata): void;
};
export type PlaidLinkHandler = {
  open(): void;
  exit(options?: { force?: boolean }): void;
  destroy(): void;
};
export type PlaidGlobal = { create(options: PlaidLinkOptions): PlaidLinkHandler };

declare global {
  interface Window {
    Plaid?: PlaidGlobal;
  }
}

/** Plaid Link from `url` (the global is used as is when already there). */
export async function loadPlaid(url: string): Promise<PlaidGlobal> {
  if (!window.Plaid) await loadScript(url);
  if (!window.Plaid) throw new Error('Plaid Link did not load');
  return window.Plaid;
}
