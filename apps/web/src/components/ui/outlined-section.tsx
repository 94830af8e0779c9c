import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { type ReactNode, type Ref, useId } from 'react';

/**
 * An outlined <section> named by its own heading. `heading` styles the heading (variant, level,
 * spacing); `headingRef` lets a screen move focus to it.
 */
export function OutlinedSection({
  title,
  heading,
  headingRef,
  sx,
  children,
}: {
  title: ReactNode;
  heading: Pick<TypographyProps, 'variant' | 'color' | 'sx'> & { component: 'h2' | 'h3' };
  headingRef?: Ref<HTMLHeadingElement>;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={sx}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        {...heading}
      >
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
