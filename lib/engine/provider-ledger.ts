// The simulated provider's books behind a port, like the engine's store: its idempotency
// keys (one record per key WE pass) and its ledger. The SQLite adapter here is synchronous
// (the simulator, the default app: its own file); the PostgreSQL one lives outside the
// engine (db/provider-ledger-pg.ts), for several app instances that must share one
// provider (a per-machine ledger file would let a re-driven key be charged twice).
// Methods answer `Maybe<T>` and the provider awaits only a Promise, as the protocol does.
import Database from 'better-sqlite3'
import { freshProviderDatabase, type LedgerSqlRow, PROVIDER_SCHEMA, statementsFor } from './provider-sim-db'
import type { Maybe } from './store-port'
import { tableMirror } from './table-mirror'
import type { LedgerRowView } from './trace'

/** What the provider remembers under one of our keys. */
export interface ProviderKeyRecord {
  outcome: 'succeeded' | 'declined' | 'refunded'
  /** The ledger entry it produced (null for a decline). */
  entryId: string | null
}

export interface NewLedgerEntry {
  kind: 'charge' | 'refund'
  providerKey: string | null
  accountId: number
  amountMinor: number
  currency: string
  /** For a refund: the charge refunded. */
  refundedChargeId: string | null
  nowMs: number
  /** A charge's id prefix ('ch_'); refunds are 're_'. */
  chargePrefix: string
}

/**
 * A write's outcome: the record that stands under the key. `deduped`: the key already had one
 * (another call got there first, e.g. another app instance), and nothing was written.
 */
export interface LedgerWritten {
  record: ProviderKeyRecord
  deduped: boolean
}

export interface ProviderLedger {
  recordOf(providerKey: string): Maybe<ProviderKeyRecord | undefined>
  /** A decline under our key, first writer wins. */
  decline(providerKey: string): Maybe<LedgerWritten>
  /** One transaction: the ledger entry and, under a key, its record (first writer wins, else nothing). */
  write(entry: NewLedgerEntry): Maybe<LedgerWritten>
  /** Oldest first; every account when `accountId` is omitted. */
  entries(accountId?: number): Maybe<LedgerSqlRow[]>
  chargeCount(): Maybe<number>
}

/** The SQLite ledger: synchronous, with the simulator's row snapshots and the pool for in-memory copies. */
export interface SqliteProviderLedger {
  readonly db: Database.Database
  recordOf(providerKey: string): ProviderKeyRecord | undefined
  decline(providerKey: string): LedgerWritten
  write(entry: NewLedgerEntry): LedgerWritten
  entries(accountId?: number): LedgerSqlRow[]
  chargeCount(): number
  /** The ledger as the timeline shows it: one snapshot function per run (see table-mirror.ts). */
  snapshots(): () => LedgerRowView[]
  /** Empties a pooled in-memory database. */
  reset(): void
}

/** ':memory:' (pooled), a file path (durable: WAL, synchronous=FULL), or an open handle. */
export function sqliteProviderLedger(database: string | Database.Database): SqliteProviderLedger {
  let db: Database.Database
  if (typeof database !== 'string') db = database
  else if (database === ':memory:') db = freshProviderDatabase()
  else {
    db = new Database(database)
    db.pragma('journal_mode = WAL')
    // An external system's ledger is durable: a charge it reported must survive its power loss.
    db.pragma('synchronous = FULL')
    db.pragma('busy_timeout = 5000')
  }
  if (database !== ':memory:') db.exec(PROVIDER_SCHEMA)
  const s = statementsFor(db)
  return {
    db,
    recordOf(providerKey) {
      const row = s.keyGet.get(providerKey)
      return row ? { outcome: row.outcome as ProviderKeyRecord['outcome'], entryId: row.entry_id } : undefined
    },
    decline(providerKey) {
      s.keyInsert.run(providerKey, 'declined', null)
      return { record: { outcome: 'declined', entryId: null }, deduped: false }
    },
    write(entry) {
      const outcome = entry.kind === 'charge' ? 'succeeded' : 'refunded'
      s.begin.run()
      try {
        const seq = s.nextSeq.get()?.n ?? 1
        const id = `${entry.kind === 'charge' ? entry.chargePrefix : 're_'}${String(seq).padStart(4, '0')}`
        s.ledgerInsert.run(
          id,
          entry.kind,
          entry.providerKey,
          entry.accountId,
          entry.amountMinor,
          entry.currency,
          outcome,
          entry.refundedChargeId,
          entry.nowMs,
        )
        if (entry.providerKey !== null) s.keyInsert.run(entry.providerKey, outcome, id)
        s.commit.run()
        return { record: { outcome, entryId: id }, deduped: false }
      } catch (error) {
        if (db.inTransaction) s.rollback.run()
        throw error
      }
    },
    entries: (accountId) => (accountId === undefined ? s.ledgerAll.all() : s.ledgerByAccount.all(accountId)),
    chargeCount: () => s.chargeCount.get()?.n ?? 0,
    snapshots: () =>
      tableMirror<LedgerRowView>(db, {
        table: 'ledger', // ORDER BY seq, its INTEGER PRIMARY KEY
        select: 'SELECT id, provider_key, account_id, amount, currency, status, kind FROM ledger',
        view: (r) => ({
          chargeId: r[0] as string,
          providerKey: r[1] as string | null,
          accountId: r[2] as number,
          amountMinor: r[3] as number,
          currency: r[4] as string,
          status: r[5] as LedgerRowView['status'],
          kind: r[6] as LedgerRowView['kind'],
        }),
      }),
    reset: () => s.reset(),
  }
}
