import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { openSignupModal } from '@/lib/events';
import { usePageTitle } from '@/lib/page-title';
import debitCardUrl from '../assets/debit-card.svg';
import heroUrl from '../assets/hero-phone.svg';
import gasUrl from '../assets/shop-gas.svg';
import groceriesUrl from '../assets/shop-groceries.svg';
import onlineUrl from '../assets/shop-online.svg';
import pharmacyUrl from '../assets/shop-pharmacy.svg';
import restaurantUrl from '../assets/shop-restaurant.svg';
import travelUrl from '../assets/shop-travel.svg';

const SHOP_TILES = [
  { id: 'groceries', src: groceriesUrl },
  { id: 'restaurants', src: restaurantUrl },
  { id: 'gas', src: gasUrl },
  { id: 'online', src: onlineUrl },
  { id: 'pharmacy', src: pharmacyUrl },
  { id: 'travel', src: travelUrl },
] as const;

const CARD_POINTS = ['instant', 'control', 'billPay'] as const;

const FEATURES = [
  { id: 'send', to: '/moneymover' },
  { id: 'request', to: '/moneymover' },
  { id: 'bills', to: '/billpay' },
] as const;

const STATS = ['success', 'speed', 'support'] as const;

export default function LandingPage() {
  const { t } = useTranslation('landing');
  usePageTitle(t('pageTitle'));

  return (
    <>
      <Box component="section" sx={{ bgcolor: '#EEF0FF', py: { xs: 6, md: 10 } }}>
        <Container
          sx={{
            display: 'grid',
            gap: 4,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' },
          }}
        >
          <Box>
            <Typography
              variant="h2"
              component="h1"
              sx={{ fontSize: { xs: 36, sm: 44, md: 56 }, lineHeight: 1.1, mb: 2 }}
            >
              {t('hero.title')}
            </Typography>
            <Typography sx={{ fontSize: { xs: 18, md: 20 }, color: 'text.secondary', mb: 4 }}>
              {t('hero.subtitle')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <Button variant="contained" size="large" onClick={openSignupModal}>
                {t('hero.join')}
              </Button>
              <Button variant="outlined" size="large" component={RouterLink} to="/moneymover">
                {t('hero.sendRequest')}
              </Button>
            </Box>
          </Box>
          <Box
            component="img"
            src={heroUrl}
            alt={t('hero.imageAlt')}
            width={480}
            height={400}
            sx={{ width: '100%', height: 'auto', maxWidth: 480, justifySelf: 'center' }}
          />
        </Container>
      </Box>

      <Container component="section" aria-labelledby="shop-heading" sx={{ py: { xs: 6, md: 10 } }}>
        <Typography id="shop-heading" variant="h4" component="h2" gutterBottom>
          {t('shop.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
          {t('shop.subtitle')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' },
          }}
        >
          {SHOP_TILES.map((tile) => (
            <Box component="li" key={tile.id}>
              <Box
                component="img"
                src={tile.src}
                alt=""
                width={320}
                height={240}
                loading="lazy"
                sx={{ width: '100%', height: 'auto', display: 'block', borderRadius: 3 }}
              />
              <Typography sx={{ mt: 1, fontWeight: 600 }}>{t(`shop.tiles.${tile.id}`)}</Typography>
            </Box>
          ))}
        </Box>
      </Container>

      <Box
        component="section"
        aria-labelledby="card-heading"
        sx={{ bgcolor: '#1B1F3B', color: '#FFFFFF', py: { xs: 6, md: 10 } }}
      >
        <Container
          sx={{
            display: 'grid',
            gap: 4,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <Box
            component="img"
            src={debitCardUrl}
            alt={t('card.imageAlt')}
            width={340}
            height={214}
            loading="lazy"
            sx={{ width: '100%', height: 'auto', maxWidth: 420, justifySelf: 'center' }}
          />
          <Box>
            <Typography id="card-heading" variant="h4" component="h2" gutterBottom>
              {t('card.title')}
            </Typography>
            <Typography sx={{ mb: 3, opacity: 0.9 }}>{t('card.subtitle')}</Typography>
            {CARD_POINTS.map((point) => (
              <Box key={point} sx={{ mb: 2 }}>
                <Typography variant="h6" component="h3">
                  {t(`card.points.${point}.title`)}
                </Typography>
                <Typography sx={{ opacity: 0.9 }}>{t(`card.points.${point}.body`)}</Typography>
              </Box>
            ))}
          </Box>
        </Container>
      </Box>

      <Container
        component="section"
        aria-labelledby="features-heading"
        sx={{ py: { xs: 6, md: 10 } }}
      >
        <Typography id="features-heading" variant="h4" component="h2" sx={{ mb: 4 }}>
          {t('features.title')}
        </Typography>
        <Box
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
        >
          {FEATURES.map((feature) => (
            <Box
              key={feature.id}
              sx={{
                p: 3,
                display: 'flex',
                flexDirection: 'column',
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Typography variant="h6" component="h3" gutterBottom>
                {t(`features.${feature.id}.title`)}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2, flex: 1 }}>
                {t(`features.${feature.id}.body`)}
              </Typography>
              <Button component={RouterLink} to={feature.to} sx={{ alignSelf: 'flex-start' }}>
                {t(`features.${feature.id}.cta`)}
              </Button>
            </Box>
          ))}
        </Box>
      </Container>

      <Box
        component="section"
        aria-labelledby="stats-heading"
        sx={{ bgcolor: '#E8F7F1', py: { xs: 6, md: 8 } }}
      >
        <Container>
          <Typography
            id="stats-heading"
            variant="h4"
            component="h2"
            sx={{ mb: 4, textAlign: 'center' }}
          >
            {t('stats.title')}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
              textAlign: 'center',
            }}
          >
            {STATS.map((stat) => (
              // dt must come first in a dl; the figure is shown above its label.
              <Box key={stat} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
                <Typography component="dt" color="text.secondary">
                  {t(`stats.${stat}.label`)}
                </Typography>
                <Typography
                  component="dd"
                  sx={{ m: 0, fontSize: 44, fontWeight: 800, color: 'primary.dark' }}
                >
                  {t(`stats.${stat}.value`)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Container>
      </Box>
    </>
  );
}
