import { loadScript } from './load-script';

// The parts of Plaid Link and Persona's embedded client that we use (their documented shapes).

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

export type PersonaCompletion = {
  inquiryId: string;
  status: 'completed' | 'failed';
  fields?: Record<string, unknown>;
};
export type PersonaClientOptions = {
  inquiryId: string;
  /** To continue an inquiry already started. */
  sessionToken?: string;
  environment?: 'sandbox' | 'production';
  language?: string;
  onReady?(): void;
  onComplete?(completion: PersonaCompletion): void;
  onCancel?(cancellation: { inquiryId?: string; sessionToken?: string }): void;
  onError?(error: { status?: number; code?: string; message?: string }): void;
};
export type PersonaClient = { open(): void; cancel(force?: boolean): void; destroy(): void };
export type PersonaGlobal = { Client: new (options: PersonaClientOptions) => PersonaClient };

declare global {
  interface Window {
    Plaid?: PlaidGlobal;
    Persona?: PersonaGlobal;
  }
}

/** Plaid Link from `url` (the global is used as is when already there). */
export async function loadPlaid(url: string): Promise<PlaidGlobal> {
  if (!window.Plaid) await loadScript(url);
  if (!window.Plaid) throw new Error('Plaid Link did not load');
  return window.Plaid;
}

/** Persona's client from `url` (the global is used as is when already there). */
export async function loadPersona(url: string): Promise<PersonaGlobal> {
  if (!window.Persona) await loadScript(url);
  if (!window.Persona) throw new Error('Persona did not load');
  return window.Persona;
}
