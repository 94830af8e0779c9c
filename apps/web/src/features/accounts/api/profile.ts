import type {
  SendVerificationBody,
  SendVerificationResponse,
  UpdateProfileBody,
  UserProfile,
  VerifyCodeBody,
  VerifyCodeResponse,
} from '@pago/shared/contracts/accounts';
import type { UsAddressInput } from '@pago/shared/contracts/address';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

export function updateProfile(body: UpdateProfileBody): Promise<UserProfile> {
  return apiFetch<UserProfile>('/api/user/profile', { method: 'PUT', body });
}

/** Sets the home address (the bank needs it); answers the updated profile. */
export function updateAddress(body: UsAddressInput): Promise<UserProfile> {
  return apiFetch<UserProfile>('/api/user/address', { method: 'PUT', body });
}

/** Sends a 6-digit code to the new address; the server then accepts that e-mail for 30 minutes. */
export function sendEmailVerification(
  body: SendVerificationBody,
): Promise<SendVerificationResponse> {
  return apiFetch<SendVerificationResponse>('/api/email/send-verification', {
    method: 'POST',
    body,
  });
}

export async function verifyEmailCode(body: VerifyCodeBody): Promise<VerifyCodeResponse> {
  const result = await apiFetch<Partial<VerifyCodeResponse> | undefined>('/api/email/verify-code', {
    method: 'POST',
    body,
  });
  // Spec §5: the answer must report both success and verified; anything else is a wrong code.
  if (result?.success !== true || result.verified !== true) {
    throw new ApiError(400, 'invalid_verification_code', 'Invalid verification code');
  }
  return { success: true, verified: true };
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

export function useUpdateAddress() {
  return useMutation({ mutationFn: updateAddress });
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}

export function useVerifyEmailCode() {
  return useMutation({ mutationFn: verifyEmailCode });
}
