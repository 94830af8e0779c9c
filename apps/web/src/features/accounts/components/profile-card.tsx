import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@pago/shared/contracts/accounts';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { formatPhone } from '@/lib/phone';
import { avatarLetter } from '../lib/profile-display';
import { Detail, DetailList } from './detail-list';

type Props = {
  /** null while no user data exists: the card then shows its defaults. */
  user: UserProfile | null;
  onEdit: () => void;
  /** The pointer or focus is on Edit Profile: a good moment to fetch the editor's code. */
  onEditIntent?: () => void;
  /** Opens the dialog that verifies the phone by SMS; its button shows for an unverified phone. */
  onVerifyPhone?: () => void;
};

/** "My Profile" (spec §2 Dashboard): every field has a default, optional ones appear only when set. */
export function ProfileCard({ user, onEdit, onEditIntent, onVerifyPhone }: Props) {
  const { t } = useTranslation('accounts');
  const notProvided = (
    <Typography component="span" color="text.secondary">
      {t('profile.notProvided')}
    </Typography>
  );
  const service = user?.verificationService;

  return (
    <SectionCard title={t('profile.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
        <Avatar
          aria-hidden
          sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 24, fontWeight: 700 }}
        >
          {avatarLetter(user?.name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {user?.name?.trim() || t('profile.defaultName')}
          </Typography>
          {user?.username && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              @{user.username}
            </Typography>
          )}
        </Box>
      </Box>

      <DetailList>
        <Detail label={t('profile.phone')}>
          {user?.phone ? <span>{formatPhone(user.phone)}</span> : notProvided}
          {!user && <Chip size="small" label={t('profile.unknown')} />}
          {user?.phone && user.phone_verified && (
            <Chip size="small" color="success" label={t('profile.verified')} />
          )}
          {user?.phone && !user.phone_verified && (
            <>
              <Chip size="small" variant="outlined" label={t('profile.notVerified')} />
              {onVerifyPhone && (
                <Button size="small" variant="contained" onClick={onVerifyPhone}>
                  {t('profile.verifyPhone')}
                </Button>
              )}
            </>
          )}
        </Detail>
        <Detail label={t('profile.email')}>
          {user?.email ? <span>{user.email}</span> : notProvided}
        </Detail>
        <Detail label={t('profile.address')}>
          {user?.address ? <span>{user.address}</span> : notProvided}
        </Detail>
        {user?.zipCode && (
          <Detail label={t('profile.zipCode')}>
            <span>{user.zipCode}</span>
          </Detail>
        )}
        {service && (
          <Detail label={t('profile.verificationService')}>
            <Chip
              size="small"
              color={service === 'plaid' ? 'primary' : 'secondary'}
              label={t(`profile.services.${service}`, { defaultValue: service })}
            />
          </Detail>
        )}
      </DetailList>

      <Box sx={{ mt: 'auto' }}>
        <Button
          variant="outlined"
          onClick={onEdit}
          onPointerEnter={onEditIntent}
          onFocus={onEditIntent}
          disabled={!user}
        >
          {t('profile.edit')}
        </Button>
      </Box>
    </SectionCard>
  );
}
