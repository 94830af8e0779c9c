import { z } from 'zod';
import { phoneSchema, usernameSchema } from './accounts';
import { centsSchema, centsValueSchema } from './amounts';
import { textLines } from './text';
import { speedSchema, TRANSFER_STATUSES } from './transfers';

/**
 * "Colecta": siblings chip in toward one transfer home (`/api/colectas/*`, docs/colectas.md).
 * The organiser opens it toward a saved recipient; invited Pago users contribute from their
 * wallets (held by Pago, not sent); one remittance goes out when the target is reached or the
 * organiser sends what was collected; a cancel gives every contribution back.
 */

/** The most one colecta may collect (the per-transfer send limit is checked when it is sent). */
export const COLECTA_MAX_TARGET_CENTS = 300_000;
/** The most people one colecta may invite (its organiser aside). */
export const COLECTA_MAX_INVITES = 20;

/** A day as YYYY-MM-DD (the organiser's "send on or by" date, a US Eastern day). */
const daySchema = z.iso.date();

// POST /api/colectas
export const createColectaBody = z
  .strictObject({
    title: textLines().min(1).max(80),
    targetCents: centsSchema(COLECTA_MAX_TARGET_CENTS),
    /** A saved remittance recipient of the organiser's (`GET /api/recipients`). */
    recipientId: z.uuid(),
    sendBy: daySchema,
    speed: speedSchema.default('standard'),
  })
  .meta({
    examples: [
      {
        title: 'Renta de mamá',
        targetCents: 30000,
        recipientId: '0b8e5c1e-3f1a-4c57-9d0e-0f4a3b2c1d00',
        sendBy: '2026-12-15',
        speed: 'standard',
      },
    ],
  });
export type CreateColectaBody = z.input<typeof createColectaBody>;

// POST /api/colectas/:id/invites — one Pago user by @username or phone.
export const inviteBody = z
  .strictObject({ invitee: z.union([phoneSchema, usernameSchema]) })
  .meta({ examples: [{ invitee: 'beto_r' }] });
export type InviteBody = z.input<typeof inviteBody>;

// POST /api/colectas/:id/contributions
export const contributeBody = z
  .strictObject({ amountCents: centsSchema(COLECTA_MAX_TARGET_CENTS) })
  .meta({ examples: [{ amountCents: 10000 }] });
export type ContributeBody = z.input<typeof contributeBody>;

export const colectaIdParams = z.strictObject({ id: z.string().max(64) });

export const COLECTA_STATUSES = ['open', 'sent', 'cancelled'] as const;
export const colectaStatusSchema = z.enum(COLECTA_STATUSES);
export type ColectaStatus = z.infer<typeof colectaStatusSchema>;

/** A person in a colecta, as the payment screen shows people: display name and @username. */
const memberSchema = z.object({
  name: z.string(),
  username: z.string(),
  role: z.enum(['organiser', 'invited']),
  /** What this person has in the colecta: held while open, sent or given back after. */
  contributedCents: centsValueSchema,
});

export const colectaSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    targetCents: centsValueSchema,
    /** Held now (open), or what was sent. */
    collectedCents: centsValueSchema,
    sendBy: z.string(),
    speed: speedSchema,
    status: colectaStatusSchema,
    /** The signed-in user is the organiser (only the organiser may invite, send or cancel). */
    isOrganiser: z.boolean(),
    /** What the signed-in user put in. */
    myContributionCents: centsValueSchema,
    organiser: z.object({ name: z.string(), username: z.string() }),
    recipient: z.object({ name: z.string(), country: z.string() }),
    members: z.array(memberSchema),
    /** Why the last send did not go out (the organiser's balance, limits…), while still open. */
    lastSendError: z.string().nullable(),
    /** The one remittance, once sent: its status follows the partner (processing → delivered). */
    remittance: z
      .object({
        transferId: z.string(),
        status: z.enum(TRANSFER_STATUSES),
        amountCents: centsValueSchema,
        feeCents: centsValueSchema,
      })
      .nullable(),
    cancelledReason: z.enum(['organiser', 'expired']).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Colecta' });
export type Colecta = z.infer<typeof colectaSchema>;

export const colectaListSchema = z.object({
  items: z.array(colectaSchema),
  /** Of the signed-in user's money, what colectas still hold (out of the wallet, not spent). */
  heldCents: centsValueSchema,
});
export type ColectaList = z.infer<typeof colectaListSchema>;
