/** Page-wide events of the spec: any component may ask for the signup dialog or a profile refresh. */
export const OPEN_SIGNUP_MODAL = 'open-signup-modal';
export const PROFILE_UPDATED = 'profile-updated';
export const SESSION_EXPIRED = 'session-expired';

export function openSignupModal(): void {
  window.dispatchEvent(new Event(OPEN_SIGNUP_MODAL));
}
