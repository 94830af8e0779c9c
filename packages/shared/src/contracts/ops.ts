import { z } from 'zod';

// The operations console's API (/api/ops/*, staff only; docs/ops-console.md).

export const STAFF_ROLES = ['support', 'compliance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A reason a staff member gives for an action or a view: 3 to 500 characters. */
export const reasonSchema = z.string().trim().min(3).max(500);

// POST /api/ops/auth/login
export const staffLoginBody = z.strictObject({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(128),
});
export const staffChallengeSchema = z.object({ challenge: z.string() });

// POST /api/ops/auth/two-step
export const staffCodeBody = z.strictObject({
  challenge: z.string().min(20).max(100),
  code: z.string().trim().min(6).max(6),
});
export const staffSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffMember = z.infer<typeof staffSchema>;
export const staffSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  idleMinutes: z.number(),
  staff: staffSchema,
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

// GET /api/ops/audit
export const auditQuery = z.strictObject({
  staffId: z.string().max(64).optional(),
  userId: z.string().max(64).optional(),
  action: z.string().max(100).optional(),
  cursor: z.string().max(30).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  staff: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  userId: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

// GET /api/ops/approvals, POST /api/ops/approvals/:id/approve|reject
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'failed'] as const;
export const approvalsQuery = z.strictObject({
  status: z.enum(APPROVAL_STATUSES).default('pending'),
});
export const approvalSchema = z.object({
  id: z.string(),
  action: z.string(),
  amountCents: z.number(),
  input: z.record(z.string(), z.unknown()),
  reason: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  requestedAt: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  error: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalListSchema = z.object({ items: z.array(approvalSchema) });
export const reasonBody = z.strictObject({ reason: reasonSchema });
export const approvalDecisionSchema = z.object({
  id: z.string(),
  status: z.enum(['approved', 'rejected']),
  result: z.record(z.string(), z.unknown()).nullable(),
});
/** A money action's answer: done now, or waiting for a second staff member. */
export const actionOutcomeSchema = z.union([
  z.object({ status: z.literal('done'), result: z.record(z.string(), z.unknown()) }),
  z.object({ status: z.literal('pending'), approvalId: z.string() }),
]);
export type ActionOutcome = z.infer<typeof actionOutcomeSchema>;

// POST /sandbox/ops/staff (sandbox mode only)
export const sandboxStaffBody = z.strictObject({
  email: z.string().trim().email().max(254),
  name: z.string().trim().min(1).max(200),
  role: z.enum(STAFF_ROLES),
  password: z.string().min(8).max(128),
});
