import { loadScript } from '@/lib/load-script';

export type {
  PlaidLinkHandler,
  PlaidLinkMetadata,
  PlaidLinkOptions,
} from '@/lib/plaid-link';
export { loadPlaid } from '@/lib/plaid-link';

// The parts of Persona's embedded client that we use (its documented shape); Plaid Link's are in
// @/lib/plaid-link, shared with linking a bank.

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
    Persona?: PersonaGlobal;
  }
}

/** Persona's client from `url` (the global is used as is when already there). */
export async function loadPersona(url: string): Promise<PersonaGlobal> {
  if (!window.Persona) await loadScript(url);
  if (!window.Persona) throw new Error('Persona did not load');
  return window.Persona;
}
