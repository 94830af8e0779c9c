import type {
  SendPhoneCodeBody,
  SendPhoneCodeResponse,
  VerifyPhoneBody,
  VerifyPhoneResponse,
} from '@pago/shared/contracts/phone';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Sends a 6-digit code by SMS to the phone, for the signed-in user. */
export function sendPhoneCode(body: SendPhoneCodeBody): Promise<SendPhoneCodeResponse> {
  return apiFetch<SendPhoneCodeResponse>('/api/phone/send-code', { method: 'POST', body });
}

/** The code from the SMS; on success the phone is the user's, verified. */
export function verifyPhone(body: VerifyPhoneBody): Promise<VerifyPhoneResponse> {
  return apiFetch<VerifyPhoneResponse>('/api/phone/verify', { method: 'POST', body });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

export function useVerifyPhone() {
  return useMutation({ mutationFn: verifyPhone });
}
