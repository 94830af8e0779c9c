import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  checkIdentityVerified,
  IDENTITY_ONBOARDING_PATH,
  isSignedOutFailure,
} from './verification';

/** How a guarded action ended: it ran, the person was sent to verify, or the check failed. */
export type VerifiedActionResult = 'done' | 'not_verified' | 'error' | 'signed_out';

/**
 * The access guard's status check (spec §4) for a money action on a public page: pressing the
 * button checks the identity afresh, then runs the action if verified, else goes to
 * /onboarding/verify without calling the money API. `checking` is true meanwhile, for the
 * button's "Checking verification status..."; the caller shows the failure message on 'error'.
 */
export function useVerifiedAction() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (action: () => unknown): Promise<VerifiedActionResult> => {
      setChecking(true);
      let verified: boolean;
      try {
        verified = await checkIdentityVerified();
      } catch (failure) {
        if (mounted.current) setChecking(false);
        // A 401 has signed the user out already; the page shows its signed-out state.
        return isSignedOutFailure(failure) ? 'signed_out' : 'error';
      }
      if (!mounted.current) return verified ? 'done' : 'not_verified';
      setChecking(false);
      if (!verified) {
        navigate(IDENTITY_ONBOARDING_PATH);
        return 'not_verified';
      }
      await action();
      return 'done';
    },
    [navigate],
  );

  return { run, checking };
}
