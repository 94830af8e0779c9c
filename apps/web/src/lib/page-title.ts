import { useEffect } from 'react';

/** Sets the tab title to "<page> · Pago" while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Pago` : 'Pago';
  }, [title]);
}
