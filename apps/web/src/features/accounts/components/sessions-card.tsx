import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useExternalSignIn } from '@/lib/capabilities';
import { errorText } from '@/lib/error-text';
import { formatDateTime, useLocale } from '@/lib/format';
import { endOtherSessions, endSession, securityKeys, useSessions } from '../api/security';
import { type Notice, NoticeArea } from './security-parts';

/** The user's active sessions: device and last activity, this one marked; sign out of others. */
export function SessionsCard() {
  const { t } = useTranslation(['security', 'errors', 'accountDetails']);
  const external = useExternalSignIn();
  const locale = useLocale();
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Notice>(null);

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
      if (done) setMessage({ error: false, text: done });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (failure) {
      setMessage({ error: true, text: errorText(t, failure) ?? t('failed') });
    } finally {
      setBusy(false);
    }
  };

  if (sessions.isPending) return <Loading>{null}</Loading>;
  if (sessions.isError) {
    return <LoadFailed message={t('sessions.loadFailed')} onRetry={() => sessions.refetch()} />;
  }
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current).length;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <NoticeArea notice={message} />
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {list.map((session) => (
          <Box
            component="li"
            key={session.id}
            data-testid="session-row"
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              flexWrap: 'wrap',
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {session.device ?? t('sessions.unknownDevice')}
              </Typography>
              {(session.method || session.place) && (
                <Typography variant="body2" data-testid="session-how">
                  {[
                    session.method &&
                      (session.method === 'external'
                        ? external
                          ? t('accountDetails:sessions.method.external', {
                              provider: external.providerName,
                            })
                          : t('accountDetails:sessions.method.externalUnknown')
                        : t(`accountDetails:sessions.method.${session.method}`)),
                    session.place && t('accountDetails:sessions.place', { place: session.place }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {t('sessions.lastSeen', { time: formatDateTime(session.lastSeenAt, locale) })}
              </Typography>
            </Box>
            {session.current ? (
              <Chip label={t('sessions.thisOne')} color="primary" size="small" />
            ) : (
              <Button
                size="small"
                disabled={busy}
                onClick={() => void run(() => endSession(session.id))}
              >
                {t('sessions.signOut')}
              </Button>
            )}
          </Box>
        ))}
      </Box>
      {others > 0 && (
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => void run(endOtherSessions, t('sessions.signedOutOthers'))}
          sx={{ justifySelf: 'start' }}
        >
          {t('sessions.signOutOthers')}
        </Button>
      )}
    </Box>
  );
}
