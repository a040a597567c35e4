// The simulated provider's ledger on PostgreSQL (DRILL_PROVIDER_DATABASE_URL): the tables
// of lib/engine/provider-sim-db.ts's PROVIDER_SCHEMA, in a database of its own because
// an external system shares no transaction with us. Migrated from db/migrations-provider-pg;
// tests/pg/schema-parity.test.ts checks it against the engine's SQLite schema.
// `amount` is minor units (cents); `seq` is assigned by default, and an explicit one is
// accepted (the SQLite ledger computes it as MAX(seq) + 1).
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core'

export const providerKeys = pgTable('provider_keys', {
  providerKey: text('provider_key').primaryKey(),
  /** 'succeeded' | 'declined' | 'refunded' */
  outcome: text('outcome').notNull(),
  /** The ledger entry it produced. */
  entryId: text('entry_id'),
})

export const ledger = pgTable(
  'ledger',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    id: text('id').notNull().unique(),
    /** 'charge' | 'refund' */
    kind: text('kind').notNull(),
    providerKey: text('provider_key'),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** 'succeeded' | 'refunded' */
    status: text('status').notNull(),
    chargeId: text('charge_id'),
    createdAtMs: bigint('created_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_account').on(t.accountId, t.seq)],
)
