// The simulated provider's books on PostgreSQL (DRILL_PROVIDER_DATABASE_URL): its own
// database, never a transaction shared with ours, so several app instances share one
// provider and a key re-driven by another instance is deduped, not charged again. The
// first writer of a key's record wins in SQL (`INSERT … ON CONFLICT DO NOTHING`): a second
// instance charging the same key blocks on the first's row, then writes nothing and
// answers the first's record. Entry ids come from the ledger's identity sequence. Its tables
// come from db/migrations-provider-pg (db/migrate-pg.ts, `migrateProviderPostgres`).
import type pg from 'pg'
import type { LedgerSqlRow, LedgerWritten, ProviderKeyRecord, ProviderLedger } from '@/lib/engine'
import { type Queryable, Rollback, type Row, retrying, transaction } from './pg-transaction'

const ENTRY_COLUMNS = 'id, kind, provider_key, account_id, amount, currency, status, charge_id, created_at_ms'

const SQL = {
  recordOf: 'SELECT outcome, entry_id FROM provider_keys WHERE provider_key = $1',
  keyInsert: `INSERT INTO provider_keys (provider_key, outcome, entry_id) VALUES ($1, $2, $3)
    ON CONFLICT (provider_key) DO NOTHING RETURNING outcome`,
  nextSeq: "SELECT nextval(pg_get_serial_sequence('ledger', 'seq')) AS seq",
  entryInsert: `INSERT INTO ledger (seq, id, kind, provider_key, account_id, amount, currency, status, charge_id, created_at_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
  /**
   * A charge or refund under our key in one statement (one round trip instead of a five-step
   * transaction): the entry's id drawn from the sequence, our key's record inserted unless
   * another writer holds it (then nothing at all is written), and the entry only with it.
   */
  writeKeyed: `WITH drawn AS (
      SELECT s, $1::text || CASE WHEN s < 10000 THEN lpad(s::text, 4, '0') ELSE s::text END AS id
      FROM nextval(pg_get_serial_sequence('ledger', 'seq')) AS s
    ), recorded AS (
      INSERT INTO provider_keys (provider_key, outcome, entry_id) SELECT $2, $3, id FROM drawn
      ON CONFLICT (provider_key) DO NOTHING RETURNING entry_id
    )
    INSERT INTO ledger (seq, id, kind, provider_key, account_id, amount, currency, status, charge_id, created_at_ms)
    SELECT drawn.s, drawn.id, $4, $2, $5, $6, $7, $3, $8, $9 FROM drawn JOIN recorded ON recorded.entry_id = drawn.id
    RETURNING id`,
  entriesAll: `SELECT ${ENTRY_COLUMNS} FROM ledger ORDER BY seq`,
  entriesOf: `SELECT ${ENTRY_COLUMNS} FROM ledger WHERE account_id = $1 ORDER BY seq`,
  chargeCount: "SELECT COUNT(*) AS n FROM ledger WHERE kind = 'charge'",
} as const

function exec(db: Queryable, name: keyof typeof SQL, values: unknown[]): Promise<pg.QueryResult<Row>> {
  return db.query({ name: `provider_${name}`, text: SQL[name], values })
}

const toRecord = (r: Row): ProviderKeyRecord => ({
  outcome: r.outcome as ProviderKeyRecord['outcome'],
  entryId: (r.entry_id as string | null) ?? null,
})

const toEntry = (r: Row): LedgerSqlRow => ({
  id: r.id as string,
  kind: r.kind as LedgerSqlRow['kind'],
  provider_key: (r.provider_key as string | null) ?? null,
  account_id: Number(r.account_id),
  amount: Number(r.amount),
  currency: r.currency as string,
  status: r.status as LedgerSqlRow['status'],
  charge_id: (r.charge_id as string | null) ?? null,
  created_at_ms: Number(r.created_at_ms),
})

export function pgProviderLedger(pool: pg.Pool): ProviderLedger {
  const recordOf = async (providerKey: string): Promise<ProviderKeyRecord | undefined> => {
    const { rows } = await retrying(() => exec(pool, 'recordOf', [providerKey]))
    return rows[0] === undefined ? undefined : toRecord(rows[0])
  }
  /** Another writer's record won the key: answer it (read after our rollback, so it is committed). */
  const theirs = async (providerKey: string): Promise<LedgerWritten> => {
    const record = await recordOf(providerKey)
    if (!record) throw new Error(`The record of ${providerKey} vanished.`)
    return { record, deduped: true }
  }
  return {
    recordOf,
    async decline(providerKey) {
      const { rows } = await retrying(() => exec(pool, 'keyInsert', [providerKey, 'declined', null]))
      return rows[0]
        ? { record: { outcome: 'declined', entryId: null }, deduped: false }
        : theirs(providerKey)
    },
    async write(entry) {
      const outcome = entry.kind === 'charge' ? 'succeeded' : 'refunded'
      const prefix = entry.kind === 'charge' ? entry.chargePrefix : 're_'
      if (entry.providerKey !== null) {
        const { rows } = await retrying(() =>
          exec(pool, 'writeKeyed', [
            prefix,
            entry.providerKey,
            outcome,
            entry.kind,
            entry.accountId,
            entry.amountMinor,
            entry.currency,
            entry.refundedChargeId,
            entry.nowMs,
          ]),
        )
        const id = rows[0]?.id as string | undefined
        return id === undefined
          ? theirs(entry.providerKey)
          : { record: { outcome, entryId: id }, deduped: false }
      }
      // Without our key (a flaw's blind charge): the entry alone.
      const written = await transaction(
        pool,
        async (client): Promise<LedgerWritten | Rollback<undefined>> => {
          const seq = Number((await exec(client, 'nextSeq', [])).rows[0]!.seq)
          const id = `${entry.kind === 'charge' ? entry.chargePrefix : 're_'}${String(seq).padStart(4, '0')}`
          if (entry.providerKey !== null) {
            const claimed = await exec(client, 'keyInsert', [entry.providerKey, outcome, id])
            if (claimed.rows[0] === undefined) return new Rollback(undefined)
          }
          await exec(client, 'entryInsert', [
            seq,
            id,
            entry.kind,
            entry.providerKey,
            entry.accountId,
            entry.amountMinor,
            entry.currency,
            outcome,
            entry.refundedChargeId,
            entry.nowMs,
          ])
          return { record: { outcome, entryId: id }, deduped: false }
        },
      )
      return written ?? theirs(entry.providerKey!)
    },
    async entries(accountId) {
      const { rows } = await retrying(() =>
        accountId === undefined ? exec(pool, 'entriesAll', []) : exec(pool, 'entriesOf', [accountId]),
      )
      return rows.map(toEntry)
    },
    async chargeCount() {
      return Number((await retrying(() => exec(pool, 'chargeCount', []))).rows[0]!.n)
    },
  }
}
