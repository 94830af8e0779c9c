import type { StaffRole } from '@pago/shared/contracts/ops';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page of the operations console (/ops; docs/ops-console.md). Each feature that has a queue or
 * a screen for staff APPENDS its pages to `opsPages` below (a small, additive edit), with its own
 * page component from its own folder; the shell (ops-app.tsx) routes them, lists them in the
 * navigation in this order, and hides them from roles not listed.
 */
export type OpsPage = {
  /** Under /ops, without a leading slash: 'sanctions', 'sanctions/:id'. */
  path: string;
  /** In the navigation with these words ('namespace:key'); absent: reached by links only. */
  navLabelKey?: string;
  /** The i18n namespaces the page and its label need (loaded with the shell). */
  namespaces?: string[];
  /** Only these roles see it (the server checks each route too); absent: every staff member. */
  roles?: readonly StaffRole[];
  Page: LazyExoticComponent<ComponentType>;
};

export const opsPages: OpsPage[] = [
  {
    path: 'customers',
    navLabelKey: 'ops:nav.customers',
    Page: lazy(() => import('@/features/ops/routes/customers-page')),
  },
  {
    path: 'customers/:id',
    namespaces: ['activity'],
    Page: lazy(() => import('@/features/ops/routes/customer-page')),
  },
  {
    path: 'approvals',
    navLabelKey: 'ops:nav.approvals',
    Page: lazy(() => import('@/features/ops/routes/approvals-page')),
  },
  {
    path: 'audit',
    navLabelKey: 'ops:nav.audit',
    roles: ['compliance', 'admin'],
    Page: lazy(() => import('@/features/ops/routes/audit-page')),
  },
  {
    path: 'monitoring',
    navLabelKey: 'opsMonitoring:nav',
    namespaces: ['opsMonitoring'],
    roles: ['compliance', 'admin'],
    Page: lazy(() => import('@/features/ops-monitoring/routes/monitoring-page')),
  },
  {
    path: 'queues',
    navLabelKey: 'opsQueues:nav',
    namespaces: ['opsQueues'],
    Page: lazy(() => import('@/features/ops-queues/routes/queues-page')),
  },
  {
    path: 'queues/:queue',
    namespaces: ['opsQueues'],
    Page: lazy(() => import('@/features/ops-queues/routes/queue-page')),
  },
  {
    path: 'sanctions',
    navLabelKey: 'opsSanctions:nav',
    namespaces: ['opsSanctions'],
    Page: lazy(() => import('@/features/ops-sanctions/routes/sanctions-queue-page')),
  },
];
