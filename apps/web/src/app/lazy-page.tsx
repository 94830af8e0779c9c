import { type ComponentType, lazy } from 'react';
import { loadErrorTexts } from '@/lib/i18n';

/** A page in its own chunk, rendered inside the TanStack Query provider (loaded alongside). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [page, { QueryBoundary }] = await Promise.all([
      load(),
      import('@/lib/query-boundary'),
      loadErrorTexts(),
    ]);
    const Page = page.default;
    return {
      default: function QueryPage() {
        return (
          <QueryBoundary>
            <Page />
          </QueryBoundary>
        );
      },
    };
  });
}
