import type {
  Card,
  CardLimits,
  CardSecureToken,
  CardSecureVerification,
  CreateCardBody,
  ReportLostBody,
} from '@pago/shared/contracts/cards';
import { isCardTransfer, type Transfer, type TransferList } from '@pago/shared/contracts/transfers';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiFetch } from '@/lib/api-client';
import { SESSION_EXPIRED } from '@/lib/events';
import { clearStoredToken, getStoredToken } from '@/lib/session-storage';
import { invalidateMoney, useMoneyMutation } from '@/lib/wallet';

export const cardKeys = {
  all: ['cards'] as const,
  // Under the wallet's keys: a money move anywhere refreshes the card's activity too.
  activity: ['wallet', 'card-activity'] as const,
};

/** The person's cards, newest first, closed ones included. */
export function useCards() {
  return useQuery({
    queryKey: cardKeys.all,
    queryFn: ({ signal }) => apiFetch<{ cards: Card[] }>('/api/cards', { signal }),
    select: (data) => data.cards,
  });
}

/** A card that can still be used or activated: not closed for good (lost, stolen or closed). */
export function isOpen(card: Card): boolean {
  return card.status !== 'closed' && card.status !== 'lost' && card.status !== 'stolen';
}

/** The card the home screen shows: the newest open one. */
export function currentCard(cards: readonly Card[]): Card | null {
  return cards.find(isOpen) ?? null;
}

function refreshCards(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: cardKeys.all });
}

/** Ordering a card is a money POST (expedited delivery has a fee). */
export function useCreateCard() {
  return useMoneyMutation<CreateCardBody, Card>({
    request: (body) => ({ path: '/api/cards', body }),
    onSuccess: (_card, client) => {
      refreshCards(client);
      invalidateMoney(client);
    },
    onError: (failure, client) => {
      // Another tab ordered one already: show it.
      if (failure instanceof ApiError && failure.code === 'card_already_exists')
        refreshCards(client);
    },
  });
}

/** Closes the card for good and orders its replacement (a money POST: the replacement fee). */
export function useReportLost(cardId: string) {
  return useMoneyMutation<ReportLostBody, { closed: Card; replacement: Card; feeCents: number }>({
    request: (body) => ({
      path: `/api/cards/${encodeURIComponent(cardId)}/report-lost`,
      body,
      operation: { cardId, ...body },
    }),
    onSuccess: (_result, client) => {
      refreshCards(client);
      invalidateMoney(client);
    },
  });
}

type CardAction =
  | { action: 'freeze' }
  | { action: 'unfreeze' }
  | { action: 'activate'; last4: string; expMonth: number; expYear: number }
  | { action: 'limits'; limits: Partial<CardLimits> };

function cardRequest(
  cardId: string,
  change: CardAction,
): { path: string; method: string; body: unknown } {
  const path = `/api/cards/${encodeURIComponent(cardId)}`;
  switch (change.action) {
    case 'freeze':
    case 'unfreeze':
      return { path: `${path}/${change.action}`, method: 'POST', body: {} };
    case 'activate': {
      const { action: _, ...body } = change;
      return { path: `${path}/activate`, method: 'POST', body };
    }
    case 'limits':
      return { path: `${path}/limits`, method: 'PATCH', body: change.limits };
  }
}

/** The card's settings (freeze, unfreeze, activate, limits): no money moves. */
export function useCardAction(cardId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CardAction) => {
      const { path, method, body } = cardRequest(cardId, change);
      return apiFetch<unknown>(path, { method, body });
    },
    onSettled: () => refreshCards(client),
  });
}

/**
 * A card-data call sent with the session token by hand: the wrong password (401
 * `invalid_credentials`) is the form's error, not an expired session, so apiFetch must not sign
 * the person out; a 401 for the session itself (`unauthorized`) still does.
 */
async function secureCall<T>(path: string, body: object): Promise<T> {
  const token = getStoredToken();
  try {
    return await apiFetch<T>(path, {
      method: 'POST',
      body,
      auth: false,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 401 && failure.code === 'unauthorized') {
      clearStoredToken();
      window.dispatchEvent(new Event(SESSION_EXPIRED));
    }
    throw failure;
  }
}

/**
 * The first step towards the card's numbers (`show`) or its PIN (`pin`): the password (and a
 * two-step code when they are on); the partner then texts a code to the holder's phone.
 */
export function requestSecureVerification(
  cardId: string,
  purpose: 'show' | 'pin',
  password: string,
  locale: 'es' | 'en',
  twoStepCode?: string,
): Promise<CardSecureVerification> {
  return secureCall(`/api/cards/${encodeURIComponent(cardId)}/secure-token/verification`, {
    password,
    purpose,
    locale,
    ...(twoStepCode ? { twoStepCode } : {}),
  });
}

/**
 * With the texted code, the partner's short-lived token for the secure frame that shows the
 * card's numbers (`show`) or takes its PIN (`pin`); the numbers and the PIN go between that frame
 * and the partner's vault, never through Pago.
 */
export function requestSecureToken(
  cardId: string,
  purpose: 'show' | 'pin',
  verificationToken: string,
  verificationCode: string,
): Promise<CardSecureToken> {
  return secureCall(`/api/cards/${encodeURIComponent(cardId)}/secure-token`, {
    purpose,
    verificationToken,
    verificationCode,
  });
}

export const CARD_ACTIVITY_SIZE = 50;

/**
 * The card transfers among the latest activity, newest first: asked again every few seconds
 * while the page is open, since the card is used away from the app.
 */
export function useCardActivity(cardIds: readonly string[]) {
  return useQuery({
    queryKey: cardKeys.activity,
    queryFn: ({ signal }) =>
      apiFetch<TransferList>(`/api/transactions?limit=${CARD_ACTIVITY_SIZE}`, { signal }),
    select: (data): Transfer[] =>
      data.items.filter((transfer) => {
        const id = transfer.details.cardId;
        return isCardTransfer(transfer) && typeof id === 'string' && cardIds.includes(id);
      }),
    refetchInterval: (query) =>
      query.state.data?.items.some((t) => t.status === 'processing') ? 3000 : 5000,
  });
}
