import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { createContext, type ReactNode, useContext, useId } from 'react';

/** Whether a SectionCard is already around: the inner one then draws no second card. */
const InsideCard = createContext(false);

/**
 * A card that is a <section> named by its own heading (the dashboard's and the wallet's cards).
 * Inside another SectionCard it is a plain section with a smaller heading: no card in a card,
 * whose borders and padding eat a phone's width.
 */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  const nested = useContext(InsideCard);
  if (nested) {
    return (
      <Box
        component="section"
        aria-labelledby={headingId}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}
      >
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {children}
      </Box>
    );
  }
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent
        sx={{ p: { xs: 2, sm: 3 }, flex: 1, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <InsideCard.Provider value={true}>{children}</InsideCard.Provider>
      </CardContent>
    </Card>
  );
}
