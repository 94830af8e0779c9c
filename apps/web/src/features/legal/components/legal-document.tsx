import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { SUPPORT_EMAIL } from '@/lib/brand';
import { usePageTitle } from '@/lib/page-title';

type Section = { heading: string; paragraphs: string[]; items?: string[] };
type LegalText = {
  title: string;
  intro: string;
  effective?: string;
  updated?: string;
  sections: Section[];
};

/** Renders the terms or the privacy policy from the `legal` namespace: paragraphs, then the list. */
export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const text = t(document, { returnObjects: true, supportEmail: SUPPORT_EMAIL }) as LegalText;
  usePageTitle(text.title);

  return (
    <Container maxWidth="md" component="article" sx={{ py: { xs: 4, md: 8 } }}>
      <TitleAndIntro
        title={text.title}
        intro={text.effective ?? text.updated}
        variant="h3"
        sx={{ fontSize: { xs: 32, md: 44 } }}
      />
      <Typography sx={{ mb: 4 }}>{text.intro}</Typography>
      {text.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 4 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.5, lineHeight: 1.7 }}>
              {paragraph}
            </Typography>
          ))}
          {section.items && (
            <Box component="ul" sx={{ pl: 3, my: 1 }}>
              {section.items.map((item) => (
                <Typography component="li" key={item} sx={{ mb: 0.75, lineHeight: 1.7 }}>
                  {item}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Container>
  );
}
