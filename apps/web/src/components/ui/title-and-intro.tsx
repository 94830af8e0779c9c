import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A heading and the quieter sentence under it, the way a page or a panel opens. */
export function TitleAndIntro({
  title,
  intro,
  variant = 'h4',
  component = 'h1',
  sx,
  introGap = 3,
}: {
  title: ReactNode;
  intro: ReactNode;
  variant?: TypographyProps['variant'];
  component?: 'h1' | 'h2' | 'h3';
  sx?: TypographyProps['sx'];
  /** Space under the intro, in theme spacing units. */
  introGap?: number;
}) {
  return (
    <>
      <Typography variant={variant} component={component} sx={sx} gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: introGap }}>
        {intro}
      </Typography>
    </>
  );
}
