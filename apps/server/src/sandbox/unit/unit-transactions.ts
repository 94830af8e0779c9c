import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { SandboxUnitTransactionsTable } from '../../db/schema';
import { ATM_ATTRIBUTES } from '../card-network/card-network';
import { unitMerchant } from './unit-card-activity';

type FakeTransaction = Selectable<SandboxUnitTransactionsTable>;

/** The bank our sandbox counterparties' accounts are at (the fake's counterparties route too). */
const COUNTERPARTY_ROUTING_NUMBER = '011401533';

/**
 * The fake's transactions as Unit's `GET /transactions` shows them (openapi-unit-sdk,
 * schemas/transaction/transaction.json): each type with the attributes and relationships the spec
 * requires of it — an ACH's description and counterparty, a book transfer's other account, a card
 * transaction's merchant, card digits, card and authorization — read from the payment, the
 * counterparty, the accounts and the authorization the transaction came from.
 */
export async function transactionResources(db: Database, rows: FakeTransaction[]) {
  const ids = (values: (string | null)[]) => [
    ...new Set(values.filter((v): v is string => v !== null)),
  ];
  const paymentIds = ids(rows.map((row) => row.payment_id));
  const payments = paymentIds.length
    ? await db
        .selectFrom('sandbox_unit_payments')
        .selectAll()
        .where('id', 'in', paymentIds)
        .execute()
    : [];
  const paymentOf = new Map(payments.map((p) => [p.id, p]));
  const counterpartyIds = ids(payments.map((p) => p.counterparty_id));
  const counterparties = counterpartyIds.length
    ? await db
        .selectFrom('sandbox_unit_counterparties')
        .selectAll()
        .where('id', 'in', counterpartyIds)
        .execute()
    : [];
  const counterpartyOf = new Map(counterparties.map((c) => [c.id, c]));
  const accountIds = ids(payments.flatMap((p) => [p.account_id, p.counterparty_account_id]));
  const accounts = accountIds.length
    ? await db
        .selectFrom('sandbox_unit_accounts')
        .selectAll()
        .where('id', 'in', accountIds)
        .execute()
    : [];
  const accountOf = new Map(accounts.map((a) => [a.id, a]));
  const customerIds = ids(accounts.map((a) => a.customer_id));
  const applications = customerIds.length
    ? await db
        .selectFrom('sandbox_unit_applications')
        .select(['customer_id', 'attributes'])
        .where('customer_id', 'in', customerIds)
        .execute()
    : [];
  const nameOf = new Map(
    applications.map((a) => {
      const attributes = a.attributes as {
        fullName?: { first: string; last: string };
        name?: string;
      };
      const name = attributes.fullName
        ? `${attributes.fullName.first} ${attributes.fullName.last}`
        : (attributes.name ?? 'Pago');
      return [a.customer_id as string, name.slice(0, 50)];
    }),
  );
  const authorizationIds = ids(rows.map((row) => row.authorization_id));
  const authorizations = authorizationIds.length
    ? await db
        .selectFrom('sandbox_unit_authorizations')
        .innerJoin(
          'sandbox_unit_cards',
          'sandbox_unit_cards.id',
          'sandbox_unit_authorizations.card_id',
        )
        .select([
          'sandbox_unit_authorizations.id',
          'sandbox_unit_authorizations.card_id',
          'sandbox_unit_authorizations.merchant',
          'sandbox_unit_authorizations.atm_network',
          'sandbox_unit_cards.pan',
        ])
        .where('sandbox_unit_authorizations.id', 'in', authorizationIds)
        .execute()
    : [];
  const authorizationOf = new Map(authorizations.map((a) => [a.id, a]));

  return rows.map((row) => {
    const payment = row.payment_id ? paymentOf.get(row.payment_id) : undefined;
    const counterparty = payment?.counterparty_id
      ? counterpartyOf.get(payment.counterparty_id)
      : undefined;
    const authorization = row.authorization_id
      ? authorizationOf.get(row.authorization_id)
      : undefined;
    // Rows written before Unit's ACH types were kept (sandbox data) read as originated ACH.
    const type = row.type === 'achTransaction' ? 'originatedAchTransaction' : row.type;
    const base = {
      createdAt: row.created_at.toISOString(),
      amount: Number(row.amount),
      direction: row.direction,
      balance: Number(row.balance),
      summary: row.summary,
      tags: {},
    };
    const account = { data: { type: 'depositAccount', id: row.account_id } };
    const paymentRelationship = payment
      ? { payment: { data: { type: 'payment', id: payment.id } } }
      : {};
    const achCounterparty = {
      name: (counterparty?.name ?? 'Counterparty').slice(0, 50),
      routingNumber: counterparty?.routing_number ?? COUNTERPARTY_ROUTING_NUMBER,
      accountNumber: counterparty?.account_number ?? '0',
      accountType: counterparty?.account_type ?? 'Checking',
    };
    switch (type) {
      case 'originatedAchTransaction':
        return {
          type,
          id: row.id,
          attributes: {
            ...base,
            description: payment?.description ?? row.summary,
            counterparty: achCounterparty,
          },
          relationships: { account, ...paymentRelationship },
        };
      case 'receivedAchTransaction':
        return {
          type,
          id: row.id,
          attributes: {
            ...base,
            description: payment?.description ?? row.summary,
            // Who sent it: the sandbox's stand-in bank (Unit's simulation names a company).
            companyName: 'Sandbox Bank',
            counterpartyRoutingNumber: COUNTERPARTY_ROUTING_NUMBER,
          },
          relationships: { account },
        };
      case 'returnedAchTransaction':
        return {
          type,
          id: row.id,
          attributes: {
            ...base,
            companyName: 'Pago',
            counterpartyName: achCounterparty.name,
            counterpartyRoutingNumber: achCounterparty.routingNumber,
            reason: payment?.reason ?? 'R01',
          },
          relationships: { account, ...paymentRelationship },
        };
      case 'bookTransaction': {
        // The other side of the book payment, seen from this account.
        const otherId =
          payment?.account_id === row.account_id
            ? payment?.counterparty_account_id
            : payment?.account_id;
        const other = otherId ? accountOf.get(otherId) : undefined;
        return {
          type,
          id: row.id,
          attributes: {
            ...base,
            counterparty: {
              name: (other && nameOf.get(other.customer_id)) ?? 'Pago',
              routingNumber: other?.routing_number ?? COUNTERPARTY_ROUTING_NUMBER,
              accountNumber: other?.account_number ?? '0',
              accountType: 'Checking',
            },
          },
          relationships: {
            account,
            ...(other
              ? {
                  counterpartyAccount: { data: { type: 'depositAccount', id: other.id } },
                  counterpartyCustomer: { data: { type: 'customer', id: other.customer_id } },
                }
              : {}),
            ...paymentRelationship,
          },
        };
      }
      case 'purchaseTransaction':
      case 'atmTransaction': {
        const merchant = (authorization?.merchant ?? {}) as {
          name?: string;
          type?: number;
          category?: string;
          location?: string;
        };
        const card = authorization
          ? {
              card: { data: { type: 'card', id: authorization.card_id } },
              authorization: { data: { type: 'authorization', id: authorization.id } },
            }
          : {};
        const cardLast4Digits = authorization?.pan.slice(-4) ?? '';
        if (type === 'atmTransaction') {
          // What the ATM's network told the issuer (the card network's table).
          const atm = ATM_ATTRIBUTES[authorization?.atm_network as keyof typeof ATM_ATTRIBUTES];
          return {
            type,
            id: row.id,
            attributes: {
              ...base,
              cardLast4Digits,
              atmName: merchant.name ?? '',
              ...(merchant.location ? { atmLocation: merchant.location } : {}),
              surcharge: atm?.surcharge ?? 0,
              internationalServiceFee: atm?.internationalServiceFee ?? null,
            },
            relationships: { account, ...(authorization ? { card: card.card } : {}) },
          };
        }
        return {
          type,
          id: row.id,
          attributes: {
            ...base,
            cardLast4Digits,
            merchant: unitMerchant(authorization?.merchant),
            recurring: false,
            ecommerce: false,
            cardPresent: true,
          },
          relationships: { account, ...card },
        };
      }
      default:
        return { type, id: row.id, attributes: base, relationships: { account } };
    }
  });
}
