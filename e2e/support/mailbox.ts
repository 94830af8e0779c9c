import { baseUrl } from './env';

/**
 * The newest code the sandbox mailbox holds for `email`, waiting briefly for it to arrive. Other
 * mail (notifications, sent by a background job) may arrive in between: only coded mail counts.
 */
export async function latestCode(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const response = await fetch(
      `${baseUrl()}/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
    );
    const latest = ((await response.json()) as Array<{ code?: string }>).find((m) => m.code);
    if (latest?.code) return latest.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No code for ${email} in the sandbox mailbox`);
}

export function uniqueSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}
