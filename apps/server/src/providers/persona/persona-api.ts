import {
  PERSONA_INQUIRY_STATUSES,
  type PersonaInquiryStatus,
} from '@pago/shared/contracts/identity';
import { AppError } from '../../lib/app-error';

export type PersonaApiSettings = {
  /** https://withpersona.com, or our fake's URL. Read per call (the fake's port is known late). */
  baseUrl: () => string;
  apiKey: string;
  templateId: string;
  timeoutMs?: number;
};

export type PersonaInquiry = {
  id: string;
  status: PersonaInquiryStatus;
  referenceId: string | null;
  createdAt: string;
  /** The person the inquiry verified (name-first/-middle/-last, birthdate), once collected. */
  person: { givenNames: string; familyNames: string; birthDate: string | null } | null;
};

/** Persona's API version this client is written against (sent as Persona-Version). */
export const PERSONA_API_VERSION = '2023-01-05';

/**
 * Persona's REST API (JSON:API, kebab-case attributes): create an inquiry from a template for one
 * of our users (reference-id = our user id), and read an inquiry's status.
 */
export function createPersonaApi(settings: PersonaApiSettings) {
  async function request(method: 'GET' | 'POST', path: string, body?: unknown) {
    const document = await send(method, path, body);
    return document === null ? null : parseInquiry(document);
  }

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${settings.apiKey}`,
          'persona-version': PERSONA_API_VERSION,
          'key-inflection': 'kebab',
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw unavailable((error as Error).name);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw unavailable(`http_${response.status}`);
    return response.json().catch(() => null);
  }

  return {
    async createInquiry(input: {
      referenceId: string;
      fields: { nameFirst: string; nameLast: string; emailAddress: string; phoneNumber?: string };
    }): Promise<PersonaInquiry> {
      const inquiry = await request('POST', '/api/v1/inquiries', {
        data: {
          attributes: {
            'inquiry-template-id': settings.templateId,
            'reference-id': input.referenceId,
            fields: {
              'name-first': input.fields.nameFirst,
              'name-last': input.fields.nameLast,
              'email-address': input.fields.emailAddress,
              ...(input.fields.phoneNumber ? { 'phone-number': input.fields.phoneNumber } : {}),
            },
          },
        },
      });
      if (!inquiry) throw unavailable('http_404');
      return inquiry;
    },

    async getInquiry(id: string): Promise<PersonaInquiry | null> {
      return request('GET', `/api/v1/inquiries/${encodeURIComponent(id)}`);
    },

    /**
     * Persona's manual decision on an inquiry in review (`POST /api/v1/inquiries/{id}/approve` or
     * `/decline`); its webhook follows. Null for an unknown inquiry.
     */
    async decideInquiry(id: string, decision: 'approve' | 'decline') {
      return request('POST', `/api/v1/inquiries/${encodeURIComponent(id)}/${decision}`);
    },

    /** A session token to continue an inquiry the person already started (Persona's resume). */
    async resumeInquiry(id: string): Promise<{ inquiry: PersonaInquiry; sessionToken: string }> {
      const document = await send('POST', `/api/v1/inquiries/${encodeURIComponent(id)}/resume`);
      const sessionToken = (document as { meta?: Record<string, unknown> } | null)?.meta?.[
        'session-token'
      ];
      if (typeof sessionToken !== 'string') throw unavailable('no_session_token');
      return { inquiry: parseInquiry(document), sessionToken };
    },
  };
}
export type PersonaApi = ReturnType<typeof createPersonaApi>;

/** An inquiry resource ({ data: { type: 'inquiry', id, attributes } }), as API answers and webhooks carry it. */
export function parseInquiry(document: unknown): PersonaInquiry {
  const data = (document as { data?: unknown } | null)?.data as
    | { type?: unknown; id?: unknown; attributes?: Record<string, unknown> }
    | undefined;
  const status = data?.attributes?.status;
  if (
    data?.type !== 'inquiry' ||
    typeof data.id !== 'string' ||
    !(PERSONA_INQUIRY_STATUSES as readonly unknown[]).includes(status)
  ) {
    throw unavailable('malformed_inquiry');
  }
  const text = (name: string) => {
    const value = data.attributes?.[name];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  const first = text('name-first');
  const last = text('name-last');
  const birthdate = text('birthdate');
  return {
    id: data.id,
    status: status as PersonaInquiryStatus,
    referenceId: text('reference-id'),
    createdAt: text('created-at') ?? new Date().toISOString(),
    person:
      first && last
        ? {
            givenNames: [first, text('name-middle')].filter(Boolean).join(' '),
            familyNames: last,
            birthDate: birthdate && /^\d{4}-\d{2}-\d{2}$/.test(birthdate) ? birthdate : null,
          }
        : null,
  };
}

function unavailable(reason: string): AppError {
  return new AppError(
    'identity_provider_unavailable',
    502,
    'Identity verification is unavailable right now. Please try again.',
    { provider: 'persona', vendorCode: reason },
  );
}
