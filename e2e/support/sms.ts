import { baseUrl } from './env';

type Sms = { to: string; body: string; code?: string; sentAt: string };

export async function smsTo(phone: string): Promise<Sms[]> {
  const response = await fetch(`${baseUrl()}/sandbox/sms/messages?to=${encodeURIComponent(phone)}`);
  return (await response.json()) as Sms[];
}

/**
 * The code of an SMS to `phone` newer than the `before` messages already there, polling until it
 * arrives (the sandbox Twilio stores it before answering, so it is normally there at once).
 */
export async function nextSmsCode(phone: string, before: number): Promise<string> {
  for (;;) {
    const messages = await smsTo(phone);
    const latest = messages[0];
    if (messages.length > before && latest?.code) return latest.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
