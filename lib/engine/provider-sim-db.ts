// The simulated provider's own database: its schema (its idempotency keys and its
// ledger), a pool of in-memory copies for the simulator, and the statements prepared
// once per connection. The `amount` column holds minor units (cents).
import Database from 'better-sqlite3'

export const PROVIDER_SCHEMA = `
CREATE TABLE IF NOT EXISTS provider_keys (
  provider_key TEXT PRIMARY KEY,
  outcome TEXT NOT NULL,          -- 'succeeded' | 'declined' | 'refunded'
  entry_id TEXT                   -- the ledger entry it produced
);
CREATE TABLE IF NOT EXISTS ledger (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,             -- 'charge' | 'refund'
  provider_key TEXT,
  account_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL,           -- 'succeeded' | 'refunded'
  charge_id TEXT,
  created_at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_account ON ledger (account_id, seq);
`

export interface LedgerSqlRow {
  id: string
  kind: 'charge' | 'refund'
  provider_key: string | null
  account_id: number
  amount: number
  currency: string
  status: 'succeeded' | 'refunded'
  charge_id: string | null
  created_at_ms: number
}

export const providerPool: Database.Database[] = []

/** An empty in-memory provider database (pooled: fuzzing opens thousands). Give it back with `close()`. */
export function freshProviderDatabase(): Database.Database {
  const pooled = providerPool.pop()
  if (pooled) return pooled
  const db = new Database(':memory:')
  db.exec(PROVIDER_SCHEMA)
  return db
}

export type ProviderStatements = ReturnType<typeof prepareProvider>

/** Statements per connection, so a pooled database keeps its prepared statements. */
const providerStatements = new WeakMap<Database.Database, ProviderStatements>()

export function statementsFor(db: Database.Database): ProviderStatements {
  let stmts = providerStatements.get(db)
  if (!stmts) {
    stmts = prepareProvider(db)
    providerStatements.set(db, stmts)
  }
  return stmts
}

function prepareProvider(db: Database.Database) {
  return {
    keyGet: db.prepare<[string], { outcome: string; entry_id: string | null }>(
      'SELECT outcome, entry_id FROM provider_keys WHERE provider_key = ?',
    ),
    keyInsert: db.prepare('INSERT INTO provider_keys (provider_key, outcome, entry_id) VALUES (?, ?, ?)'),
    nextSeq: db.prepare<[], { n: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM ledger'),
    ledgerInsert: db.prepare(
      `INSERT INTO ledger (id, kind, provider_key, account_id, amount, currency, status, charge_id, created_at_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    ledgerAll: db.prepare<[], LedgerSqlRow>('SELECT * FROM ledger ORDER BY seq'),
    ledgerByAccount: db.prepare<[number], LedgerSqlRow>(
      'SELECT * FROM ledger WHERE account_id = ? ORDER BY seq',
    ),
    chargeCount: db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM ledger WHERE kind = 'charge'"),
    begin: db.prepare('BEGIN IMMEDIATE'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
    /** Empties a pooled database: one transaction, one commit. */
    reset: ((deletes: Database.Statement[]) =>
      db.transaction(() => {
        for (const d of deletes) d.run()
      }))(['provider_keys', 'ledger', 'sqlite_sequence'].map((t) => db.prepare(`DELETE FROM ${t}`))),
  }
}
