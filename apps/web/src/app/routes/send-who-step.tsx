import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Payee } from '@pago/shared/contracts/accounts';
import type { Recipient } from '@pago/shared/contracts/remittances';
import { type CorridorCountry, isCorridorCountry } from '@pago/shared/fees';
import { getPhoneCountry, phoneCountryOf } from '@pago/shared/phone-countries';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecipients } from '@/features/remittances/api/remittances';
import { useSendContacts } from '@/features/send/api/contacts';
import { QrScanButton } from '@/features/send/components/qr-scan-button';
import { findPayee, PAYEE_STALE_MS } from '@/features/transfers/api/find-payee';
import { payeeQueryOf } from '@/features/transfers/components/pay-someone';
import { ApiError } from '@/lib/api-client';
import { useCapability } from '@/lib/capabilities';
import { errorText } from '@/lib/error-text';
import { useLocale } from '@/lib/format';
import { formatPhone } from '@/lib/phone';

/** Whom the send is for, as the "who" step found out. */
export type SendChoice =
  /** A Pago user: `to` is "@username" or their phone. */
  | { kind: 'pay'; to: string }
  /** Family abroad: a saved recipient, or someone new (null) in `country`. */
  | { kind: 'abroad'; recipientId: string | null; country?: CorridorCountry }
  /** A U.S. phone nobody on Pago has: the invitation. */
  | { kind: 'invite'; phone: string }
  /** A Pago link read from a QR code. */
  | { kind: 'link'; path: string };

/** Lower case, no accents, no "@": how a typed name is matched against a contact's. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/^@/, '').trim();
}

/**
 * The send flow's first question, "¿A quién le envías?": a search box (@username, phone, or a
 * name among recent people and saved recipients), a QR code, recent people (paid or paid by) and
 * family abroad, and "someone new abroad". A phone no Pago user has is invited when it is a U.S.
 * number and is family abroad otherwise.
 */
export function WhoStep({ onChoose }: { onChoose(choice: SendChoice): void }) {
  const { t } = useTranslation('send');
  const locale = useLocale();
  const client = useQueryClient();
  const remittances = useCapability('remittances');
  const contacts = useSendContacts();
  const recipients = useRecipients();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  const wanted = folded(text);
  const people = (contacts.data?.people ?? []).filter(
    (p) => !wanted || folded(p.name).includes(wanted) || folded(p.username).includes(wanted),
  );
  const family = (remittances ? (recipients.data ?? []) : []).filter(
    (r) =>
      !wanted ||
      folded(r.fullName).includes(wanted) ||
      (/\d{3}/.test(wanted) && r.phone.replace(/\D/g, '').includes(wanted.replace(/\D/g, ''))),
  );

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const query = text.trim() ? payeeQueryOf(text) : null;
    if (!query) {
      // A name: the one match among recent people and family, else say how to search.
      const [person] = people;
      const [recipient] = family;
      if (wanted && people.length + family.length === 1) {
        return onChoose(
          person
            ? { kind: 'pay', to: `@${person.username}` }
            : { kind: 'abroad', recipientId: recipient?.id ?? null },
        );
      }
      return setError(text.trim() ? t('who.errors.invalid') : t('who.errors.required'));
    }
    if (query.username) return onChoose({ kind: 'pay', to: `@${query.username}` });
    const phone = query.phone ?? '';
    setSearching(true);
    try {
      // Cached for the payment step, which shows the same person without asking again.
      await client.fetchQuery({
        queryKey: ['payee', null, phone],
        queryFn: ({ signal }) => findPayee({ phone }, signal),
        staleTime: PAYEE_STALE_MS,
        retry: false,
      });
      onChoose({ kind: 'pay', to: phone });
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.status !== 404) {
        setError(errorText(t, failure) ?? t('who.errors.lookupFailed'));
        return;
      }
      const country = phoneCountryOf(phone);
      if (country === 'US') return onChoose({ kind: 'invite', phone });
      const saved = family.find((r) => r.phone === phone);
      onChoose({
        kind: 'abroad',
        recipientId: saved?.id ?? null,
        ...(isCorridorCountry(country) ? { country } : {}),
      });
    } finally {
      setSearching(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="form" noValidate onSubmit={search} sx={{ display: 'grid', gap: 1.5 }}>
        <TextField
          id={fieldId}
          label={t('who.search')}
          placeholder={t('who.searchPlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? t('who.searchHint')}
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={searching}>
            {searching ? t('who.searching') : t('who.find')}
          </Button>
          <QrScanButton onLink={(path) => onChoose({ kind: 'link', path })} />
        </Box>
      </Box>

      {people.length > 0 && (
        <Box component="section" aria-labelledby={`${fieldId}-people`}>
          <Typography id={`${fieldId}-people`} variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('who.recent')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {people.map((person) => (
              <PersonRow
                key={person.username}
                person={person}
                onChoose={() => onChoose({ kind: 'pay', to: `@${person.username}` })}
              />
            ))}
          </Box>
        </Box>
      )}

      {remittances && (
        <Box component="section" aria-labelledby={`${fieldId}-family`}>
          <Typography id={`${fieldId}-family`} variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('who.abroad')}
          </Typography>
          {family.length > 0 && (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
              {family.map((recipient) => (
                <FamilyRow
                  key={recipient.id}
                  recipient={recipient}
                  line={`${countryName(recipient.country, locale)} · ${formatPhone(recipient.phone)}`}
                  onChoose={() => onChoose({ kind: 'abroad', recipientId: recipient.id })}
                />
              ))}
            </Box>
          )}
          <Button
            variant="outlined"
            onClick={() => onChoose({ kind: 'abroad', recipientId: null })}
          >
            {t('who.someoneNewAbroad')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function countryName(country: string, locale: 'es' | 'en'): string {
  return isCorridorCountry(country) ? getPhoneCountry(country).name[locale] : country;
}

/** The first letter of a name, upper-cased. */
function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';
}

function PersonRow({ person, onChoose }: { person: Payee; onChoose(): void }) {
  const { t } = useTranslation('send');
  return (
    <ContactRow
      initial={initialOf(person.name)}
      name={person.name}
      line={`@${person.username} · ${t('who.free')}`}
      onChoose={onChoose}
    />
  );
}

function FamilyRow({
  recipient,
  line,
  onChoose,
}: {
  recipient: Recipient;
  line: string;
  onChoose(): void;
}) {
  return (
    <ContactRow
      initial={initialOf(recipient.fullName)}
      name={recipient.fullName}
      line={line}
      onChoose={onChoose}
    />
  );
}

function ContactRow({
  initial,
  name,
  line,
  onChoose,
}: {
  initial: string;
  name: string;
  line: string;
  onChoose(): void;
}) {
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <ButtonBase
        onClick={onChoose}
        sx={{
          width: '100%',
          display: 'flex',
          justifyContent: 'flex-start',
          gap: 2,
          py: 1.25,
          px: 1,
          borderRadius: 1,
          textAlign: 'left',
          minHeight: 56,
        }}
      >
        <Avatar aria-hidden sx={{ bgcolor: 'primary.main', fontWeight: 700 }}>
          {initial}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        </Box>
      </ButtonBase>
    </Box>
  );
}
