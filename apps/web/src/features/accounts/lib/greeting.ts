import type { UserProfile } from '@pago/shared/contracts/accounts';

/** An account this young is greeted as new ("Te damos la bienvenida"), an older one as returning. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * The home screen's greeting, in words that assume no gender: "¡Hola, María!" (or "¡Hola!"
 * without a name), then a welcome for a new account or a "good to see you" for a returning one.
 */
export function greetingOf(
  user: Pick<UserProfile, 'name' | 'createdAt'>,
  now: number,
): { hello: 'hello' | 'helloNamed'; name: string; line: 'welcomeNew' | 'welcomeBack' } {
  const name = user.name?.trim().split(/\s+/)[0] ?? '';
  const created = user.createdAt ? Date.parse(user.createdAt) : Number.NaN;
  const isNew = Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
  return { hello: name ? 'helloNamed' : 'hello', name, line: isNew ? 'welcomeNew' : 'welcomeBack' };
}
