import { vi } from 'vitest';

/**
 * A desktop-wide screen (1280 px) for a test: `matchMedia` answers min-/max-width queries for that
 * width (jsdom has no `matchMedia`; the header shows its navigation bar only when it matches).
 */
export function stubWideScreen(width = 1280): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])) && Boolean(min || max);
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    };
  });
}
