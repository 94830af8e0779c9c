import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { initI18n } from '@/lib/i18n';
import { registerServiceWorker } from '@/lib/service-worker';

initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render as a transition: React renders it in slices of a few milliseconds, letting
// the browser paint and answer input between them, where a plain render is one long task (on a
// slow phone, most of the landing page's blocking time; docs/benchmarks.md, "Web").
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
registerServiceWorker();
