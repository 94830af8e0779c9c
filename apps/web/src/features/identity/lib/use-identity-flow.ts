import type { Language, VerificationService } from '@pago/shared/contracts/accounts';
import type { IdentitySettings, IdentityStatus } from '@pago/shared/contracts/identity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_UPDATED } from '@/lib/events';
import { useSession } from '@/lib/session';
import { getStoredVerificationService } from '@/lib/session-storage';
import { useClearSuccess } from '@/lib/use-clear-success';
import {
  completePlaidVerification,
  createPersonaInquiry,
  createPlaidLinkToken,
  getPersonaStatus,
  getReviewStatus,
  identityKeys,
  REVIEW_POLL_MS,
  useIdentitySettings,
} from '../api/identity';
import { chooseProvider, identityFromUser, splitName } from './identity-status';
import { loadPersona, loadPlaid, type PersonaClient, type PlaidLinkHandler } from './vendors';

/** Spec §4 and §9: a Persona error clears itself after 8 s (a success message after 5 s). */
export const PERSONA_ERROR_MS = 8000;

/** Plaid's identity verification ids, as the complete call accepts them. */
const PLAID_IDV_ID = /^idv_[A-Za-z0-9]{8,64}$/;

/**
 * What the page offers: loading the settings; start, resume (an attempt left open) or retry
 * (the last one failed); waiting while the answers are reviewed; done.
 */
export type FlowPhase = 'loading' | 'start' | 'resume' | 'retry' | 'review' | 'verified';

/** Keys of identity.json's `messages`. */
export type FlowMessageKey =
  | 'plaidStartFailed'
  | 'plaidCompleteFailed'
  | 'plaidInterrupted'
  | 'plaidFailed'
  | 'personaStartFailed'
  | 'personaFailed'
  | 'personaError'
  | 'submitted';

export type FlowMessage = { severity: 'success' | 'error'; key: FlowMessageKey };

/** The Persona errors that clear themselves after 8 s. */
const PERSONA_ERRORS: readonly FlowMessageKey[] = [
  'personaStartFailed',
  'personaFailed',
  'personaError',
];

/** What the person's own flow reported before the server knows: submitted for review, or failed. */
type Outcome =
  | { kind: 'submitted'; provider: VerificationService; inquiryId: string | null }
  | { kind: 'failed' };

/**
 * Identity verification on /onboarding/verify (spec §2, §4): chooses the provider, loads its script
 * when the person presses Start, runs Plaid Link or Persona's flow, tells the server, and follows
 * a verification under review until it is approved or declined.
 */
export function useIdentityFlow() {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const settings = useIdentitySettings();
  const [live, setLive] = useState<IdentityStatus | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [starting, setStarting] = useState(false);
  const [message, setMessage] = useState<FlowMessage | null>(null);
  // Each start is an attempt; the review poll's cache is per attempt, so an earlier answer
  // (a decline) is never taken for the new attempt's.
  const [attempt, setAttempt] = useState(0);
  const completed = useRef(new Set<string>());
  const plaid = useRef<PlaidLinkHandler | null>(null);
  const persona = useRef<PersonaClient | null>(null);
  const mounted = useRef(true);

  const provider = chooseProvider(getStoredVerificationService(), settings.data);
  const identity: IdentityStatus | null =
    live ?? settings.data?.status ?? (settings.isError ? identityFromUser(user) : null);
  const language: Language = i18n.language === 'en' ? 'en' : 'es';

  const phase = flowPhase(identity, outcome);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      plaid.current?.destroy();
      persona.current?.destroy();
    };
  }, []);

  const clearMessage = useCallback(() => setMessage(null), []);
  useClearSuccess(message, clearMessage);
  useEffect(() => {
    if (!message || !PERSONA_ERRORS.includes(message.key)) return;
    const timer = window.setTimeout(clearMessage, PERSONA_ERROR_MS);
    return () => window.clearTimeout(timer);
  }, [message, clearMessage]);

  /** A new standing from the server: the session's profile and the dashboard's badges follow it. */
  const adopt = useCallback(
    (next: IdentityStatus) => {
      if (!mounted.current) return;
      setLive(next);
      window.dispatchEvent(new Event(PROFILE_UPDATED));
      void queryClient.invalidateQueries({ queryKey: identityKeys.settings });
    },
    [queryClient],
  );

  // While the answers are reviewed, ask the provider again every few seconds (spec: the page
  // updates by itself) until they are approved or declined.
  const reviewProvider: VerificationService =
    (outcome?.kind === 'submitted' ? outcome.provider : identity?.verificationService) ?? provider;
  const inquiryId =
    (outcome?.kind === 'submitted' ? outcome.inquiryId : null) ??
    identity?.persona_inquiry_id ??
    null;
  const review = useQuery({
    queryKey: identityKeys.review(attempt, reviewProvider, inquiryId),
    queryFn: ({ signal }) => getReviewStatus(reviewProvider, inquiryId, signal),
    enabled: phase === 'review',
    refetchInterval: REVIEW_POLL_MS,
    staleTime: 0,
    gcTime: 0,
  });
  const reviewed = review.data;
  const lastReviewed = useRef<IdentityStatus | null>(null);
  useEffect(() => {
    if (!reviewed || reviewed === lastReviewed.current) return;
    const previous = lastReviewed.current;
    lastReviewed.current = reviewed;
    if (reviewed.verified || reviewed.state === 'failed') {
      setOutcome(null);
      if (!reviewed.verified) {
        setMessage({
          severity: 'error',
          key: reviewProvider === 'persona' ? 'personaFailed' : 'plaidFailed',
        });
      }
    }
    if (previous?.state !== reviewed.state || previous.verified !== reviewed.verified) {
      adopt(reviewed);
    }
  }, [reviewed, reviewProvider, adopt]);

  // Verified already when the page opened (a webhook, another tab): the session learns it too.
  // A verification finished here has told it through adopt.
  const verified = phase === 'verified';
  const liveRef = useRef(live);
  liveRef.current = live;
  useEffect(() => {
    if (verified && !liveRef.current) window.dispatchEvent(new Event(PROFILE_UPDATED));
  }, [verified]);

  const completePlaid = useCallback(
    async (id: unknown) => {
      // PASS_SESSION, onSuccess and CLOSE_UI all carry the same id: the server hears it once.
      if (typeof id !== 'string' || !PLAID_IDV_ID.test(id) || completed.current.has(id)) return;
      completed.current.add(id);
      try {
        const answer = await completePlaidVerification(id);
        adopt(answer.identity);
        if (mounted.current && answer.identity.state === 'failed') {
          setOutcome({ kind: 'failed' });
          setMessage({ severity: 'error', key: 'plaidFailed' });
        } else if (mounted.current && answer.identity.state === 'pending_review') {
          setMessage({ severity: 'success', key: 'submitted' });
        }
      } catch {
        if (mounted.current) setMessage({ severity: 'error', key: 'plaidCompleteFailed' });
      } finally {
        if (mounted.current) setStarting(false);
      }
    },
    [adopt],
  );

  const startPlaid = useCallback(
    async (current: IdentitySettings) => {
      let handler: PlaidLinkHandler;
      try {
        const Plaid = await loadPlaid(current.plaid.linkScriptUrl);
        const { link_token } = await createPlaidLinkToken(language);
        if (!mounted.current) return;
        handler = Plaid.create({
          token: link_token,
          onSuccess: (_publicToken, metadata) => void completePlaid(metadata.link_session_id),
          onExit: (error) => {
            if (!mounted.current) return;
            if (error) setMessage({ severity: 'error', key: 'plaidInterrupted' });
            setStarting(false);
          },
          onEvent: (eventName, metadata) => {
            const id = metadata.link_session_id;
            if (eventName === 'IDENTITY_VERIFICATION_PASS_SESSION') void completePlaid(id);
            if (eventName === 'IDENTITY_VERIFICATION_FAIL_SESSION') {
              if (mounted.current) {
                setOutcome({ kind: 'failed' });
                setMessage({ severity: 'error', key: 'plaidFailed' });
              }
              // The server records the failure too.
              void completePlaid(id);
            }
            if (eventName === 'IDENTITY_VERIFICATION_CLOSE_UI') void completePlaid(id);
          },
        });
      } catch {
        if (mounted.current) {
          setMessage({ severity: 'error', key: 'plaidStartFailed' });
          setStarting(false);
        }
        return;
      }
      plaid.current?.destroy();
      plaid.current = handler;
      handler.open();
    },
    [language, completePlaid],
  );

  const startPersona = useCallback(
    async (current: IdentitySettings) => {
      let client: PersonaClient;
      try {
        if (!user) throw new Error('No profile');
        const Persona = await loadPersona(current.persona.clientScriptUrl);
        const { inquiry } = await createPersonaInquiry({
          ...splitName(user.name),
          email: user.email,
          ...(user.phone ? { phone: user.phone } : {}),
          language,
        });
        if (!mounted.current) return;
        client = new Persona.Client({
          inquiryId: inquiry.id,
          ...(inquiry.sessionToken ? { sessionToken: inquiry.sessionToken } : {}),
          environment: current.persona.environment,
          language,
          onComplete: ({ inquiryId: id, status }) => {
            if (!mounted.current) return;
            setStarting(false);
            if (status === 'completed') {
              setOutcome({ kind: 'submitted', provider: 'persona', inquiryId: id || inquiry.id });
              setMessage({ severity: 'success', key: 'submitted' });
              return;
            }
            setOutcome({ kind: 'failed' });
            setMessage({ severity: 'error', key: 'personaFailed' });
            // Let the server learn the result now rather than at the next webhook.
            getPersonaStatus(id || inquiry.id).then(
              (answer) => adopt(answer.identity),
              () => {},
            );
          },
          onCancel: () => {
            if (mounted.current) setStarting(false);
          },
          onError: () => {
            if (!mounted.current) return;
            setStarting(false);
            setMessage({ severity: 'error', key: 'personaError' });
          },
        });
      } catch {
        if (mounted.current) {
          setMessage({ severity: 'error', key: 'personaStartFailed' });
          setStarting(false);
        }
        return;
      }
      persona.current?.destroy();
      persona.current = client;
      client.open();
    },
    [user, language, adopt],
  );

  /** Start (or resume, or retry): load the provider's script and open its flow. */
  const start = useCallback(async () => {
    if (starting) return;
    setStarting(true);
    setMessage(null);
    setOutcome(null);
    setAttempt((count) => count + 1);
    completed.current = new Set();
    // Without settings there is no script address: ask for them once more.
    const current = settings.data ?? (await settings.refetch()).data;
    if (!mounted.current) return;
    if (!current) {
      setMessage({
        severity: 'error',
        key: provider === 'plaid' ? 'plaidStartFailed' : 'personaStartFailed',
      });
      setStarting(false);
      return;
    }
    const chosen = chooseProvider(getStoredVerificationService(), current);
    await (chosen === 'plaid' ? startPlaid(current) : startPersona(current));
  }, [starting, settings, provider, startPlaid, startPersona]);

  return {
    phase,
    provider,
    identity,
    settingsFailed: settings.isError && !settings.data,
    starting,
    message,
    start,
  };
}

function flowPhase(identity: IdentityStatus | null, outcome: Outcome | null): FlowPhase {
  if (!identity) return 'loading';
  if (identity.verified) return 'verified';
  if (outcome?.kind === 'failed') return 'retry';
  if (outcome?.kind === 'submitted') return 'review';
  switch (identity.state) {
    case 'verified':
      return 'verified';
    case 'pending_review':
      return 'review';
    case 'failed':
      return 'retry';
    case 'in_progress':
      return 'resume';
    case 'not_started':
      return 'start';
  }
}
