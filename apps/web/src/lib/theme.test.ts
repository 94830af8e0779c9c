import CircularProgress from '@mui/material/CircularProgress';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  // The build leaves MUI's CSS-variables theme out (vite.config.ts, muiWithoutCssVariables): a
  // theme that needed it would fail on the first page.
  it('is a theme without CSS variables or colour schemes', () => {
    expect(theme).not.toHaveProperty('colorSchemes');
    expect(theme).not.toHaveProperty('vars');
    expect(theme).not.toHaveProperty('cssVariables');
  });

  it("stops a spinner's motion when the person's device asks for less motion", () => {
    render(createElement(ThemeProvider, { theme }, createElement(CircularProgress)));
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(css).toMatch(/@media \(prefers-reduced-motion: ?reduce\)\{[^}]*animation: ?none/);
  });
});
