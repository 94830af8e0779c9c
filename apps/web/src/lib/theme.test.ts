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
});
