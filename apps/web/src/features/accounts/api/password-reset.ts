import type {
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  SuccessResponse,
} from '@pago/shared/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Asks for a reset code by e-mail. Always answers success, whether or not the address has an account. */
export function requestPasswordReset(body: PasswordResetRequestBody): Promise<SuccessResponse> {
  return apiFetch('/api/auth/password-reset/request', { method: 'POST', body, auth: false });
}

/** Sets the new password with the e-mailed code; the server signs the account out everywhere. */
export function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<SuccessResponse> {
  return apiFetch('/api/auth/password-reset/confirm', { method: 'POST', body, auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
