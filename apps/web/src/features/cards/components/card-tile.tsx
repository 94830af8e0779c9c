import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentCard, useCards } from '../api/cards';

/**
 * The home screen's card tile: the card's last four and status, or an invitation to get one. The
 * whole tile leads to /card.
 */
export function CardTile() {
  const { t } = useTranslation('cards');
  const cards = useCards();
  const card = cards.data ? currentCard(cards.data) : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}>
      <Typography variant="h6" component="h2">
        {t('tile.title')}
      </Typography>
      {cards.isPending ? (
        <Skeleton height={28} width="60%" />
      ) : card ? (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>
            {t(`tile.card.${card.type}`, { last4: card.last4 })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`status.${card.status}.short`)}
          </Typography>
        </Box>
      ) : (
        cards.isSuccess && <Typography color="text.secondary">{t('tile.none')}</Typography>
      )}
      <Button component={RouterLink} to="/card" variant="outlined" sx={{ justifySelf: 'start' }}>
        {card ? t('tile.open') : t('tile.get')}
      </Button>
    </Paper>
  );
}
