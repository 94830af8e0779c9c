import Dialog from '@mui/material/Dialog';
import type { UserProfile } from '@pago/shared/contracts/accounts';
import { useCallback, useEffect, useId, useRef } from 'react';
import { PROFILE_UPDATED } from '@/lib/events';
import { MODAL_CLOSE_AFTER_SAVE_MS } from '../lib/profile-display';
import { EditProfileForm } from './edit-profile-form';

type Props = {
  open: boolean;
  user: UserProfile;
  onClose: () => void;
  /** Called the moment the server has saved the profile. */
  onSaved: () => void;
};

/**
 * The Edit Profile modal. Escape and a click outside close it; after a save it closes by itself
 * 1.5 s later (spec §9) and fires the page-wide profile-updated event, which refetches the user.
 */
export function EditProfileDialog({ open, user, onClose, onSaved }: Props) {
  const titleId = useId();
  const closeTimer = useRef<number | undefined>(undefined);
  const announcePending = useRef(false);
  const isOpen = useRef(open);

  useEffect(() => {
    isOpen.current = open;
  }, [open]);

  const announce = useCallback(() => {
    if (!announcePending.current) return;
    announcePending.current = false;
    window.dispatchEvent(new Event(PROFILE_UPDATED));
  }, []);

  const close = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    announce();
    onClose();
  }, [announce, onClose]);

  const handleSaved = useCallback(() => {
    announcePending.current = true;
    onSaved();
    // Closed by hand while the save was on its way: nothing left to wait for.
    if (isOpen.current) closeTimer.current = window.setTimeout(close, MODAL_CLOSE_AFTER_SAVE_MS);
    else announce();
  }, [announce, close, onSaved]);

  // Leaving the page before the timer ends still refreshes the session's copy of the profile.
  useEffect(
    () => () => {
      window.clearTimeout(closeTimer.current);
      announce();
    },
    [announce],
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { sx: { mx: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)' } } } }}
    >
      <EditProfileForm user={user} titleId={titleId} onSaved={handleSaved} onCancel={close} />
    </Dialog>
  );
}
