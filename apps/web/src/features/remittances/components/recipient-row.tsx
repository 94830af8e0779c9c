import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Recipient } from '@pago/shared/contracts/remittances';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveRecipient } from '../api/remittances';

/** A saved recipient: choosing it, or removing it (sent transfers keep their own copy). */
export function RecipientRow({
  recipient,
  line,
  onChoose,
}: {
  recipient: Recipient;
  line: string;
  onChoose(): void;
}) {
  const { t } = useTranslation('remittances');
  const [asking, setAsking] = useState(false);
  const remove = useRemoveRecipient();
  const name = recipient.fullName;
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}>
      {asking ? (
        <Box sx={{ py: 1, px: 1 }}>
          <Typography>{t('recipients.removeConfirm', { name })}</Typography>
          {remove.isError && (
            <Typography role="alert" color="error.main">
              {t('recipients.removeFailed')}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button
              color="error"
              variant="outlined"
              size="small"
              disabled={remove.isPending}
              onClick={() => remove.mutate(recipient.id)}
            >
              {t('recipients.removeYes')}
            </Button>
            <Button size="small" onClick={() => setAsking(false)}>
              {t('recipients.removeNo')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ButtonBase
            onClick={onChoose}
            sx={{
              flex: 1,
              minWidth: 0,
              textAlign: 'left',
              display: 'block',
              py: 1,
              px: 1,
              borderRadius: 1,
              '&:hover': { bgcolor: 'action.hover' },
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {line}
            </Typography>
          </ButtonBase>
          <Button
            size="small"
            aria-label={t('recipients.removeLabel', { name })}
            onClick={() => setAsking(true)}
          >
            {t('recipients.remove')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
