// The rate limits' token buckets on PostgreSQL (DRILL_DATABASE_URL), shared by every app
// instance, so a burst split over N instances admits the configured burst, not N times it.
// A take is one upsert over all its buckets (`INSERT … ON CONFLICT DO UPDATE … RETURNING`):
// each row is refilled by its rule, takes `cost` when it has room and says whether it did.
// A take is all-or-nothing, as the in-memory limiter's: when one bucket had no room, the
// buckets that gave are given back in a second statement (only on a refusal). Rows are
// written in key order, so two takes over the same buckets never deadlock.
import type pg from 'pg'
import { type Row, retrying } from './pg-transaction'

export interface BucketRuleRow {
  burst: number
  perMinute: number
}

export type BucketTake = { ok: true } | { ok: false; retryAfterS: number }

/** Buckets untouched for a minute are candidates for pruning (then only the full ones go). */
export const BUCKET_IDLE_MS = 60_000

// The level a bucket has at excluded.at_ms, capped at its burst (payment-admission-pg.ts takes with it too).
export const TAKE_LEVEL = `LEAST(excluded.burst, b.tokens + GREATEST(0, excluded.at_ms - b.at_ms) / 60000.0 * excluded.per_minute)`

const SQL = {
  take: `INSERT INTO rate_limit_buckets AS b (key, tokens, at_ms, burst, per_minute, granted)
    SELECT w.key, w.burst - $4, $5, w.burst, w.per_minute, true
    FROM unnest($1::text[], $2::float8[], $3::float8[]) AS w(key, burst, per_minute)
    ORDER BY w.key COLLATE "C"
    ON CONFLICT (key) DO UPDATE SET
      tokens = CASE WHEN ${TAKE_LEVEL} >= $4 THEN ${TAKE_LEVEL} - $4 ELSE ${TAKE_LEVEL} END,
      at_ms = GREATEST(b.at_ms, excluded.at_ms),
      burst = excluded.burst, per_minute = excluded.per_minute,
      granted = ${TAKE_LEVEL} >= $4
    RETURNING key, tokens, granted, per_minute`,
  giveBack: `UPDATE rate_limit_buckets SET tokens = LEAST(burst, tokens + $2) WHERE key = ANY($1::text[])`,
  // A full bucket is the same as no bucket: forgetting it changes no answer.
  prune: `DELETE FROM rate_limit_buckets
    WHERE at_ms < $1 AND tokens + ($2 - at_ms) / 60000.0 * per_minute >= burst`,
} as const

function waitS(cost: number, tokens: number, perMinute: number): number {
  const perS = perMinute / 60
  return perS > 0 ? Math.ceil((cost - tokens) / perS) : 3600
}

/**
 * A take's answer from the rows its upsert returned (key, tokens, granted, per_minute): granted
 * when every bucket gave; else the buckets that gave get `cost` back and the wait is the longest.
 */
export async function settleTake(pool: pg.Pool, rows: readonly Row[], cost: number): Promise<BucketTake> {
  const refused = rows.filter((r) => !r.granted)
  if (refused.length === 0) return { ok: true }
  const given = rows.filter((r) => r.granted).map((r) => r.key as string)
  if (given.length > 0)
    await retrying(() =>
      pool.query({ name: 'rate_limit_give_back', text: SQL.giveBack, values: [given, cost] }),
    )
  const wait = Math.max(...refused.map((r) => waitS(cost, Number(r.tokens), Number(r.per_minute))))
  return { ok: false, retryAfterS: Math.max(1, wait) }
}

export interface PgBuckets {
  /** Takes `cost` from every bucket, or from none and says how long to wait. */
  take(
    buckets: readonly { key: string; rule: BucketRuleRow }[],
    nowMs: number,
    cost?: number,
  ): Promise<BucketTake>
  /** Deletes the buckets that are full again (forgetting them changes nothing); how many went. */
  prune(nowMs: number): Promise<number>
}

export function pgBuckets(pool: pg.Pool): PgBuckets {
  return {
    async take(buckets, nowMs, cost = 1) {
      // A cost above a burst can never be met: refuse without touching a row.
      const over = buckets.find((b) => b.rule.burst < cost)
      if (over)
        return { ok: false, retryAfterS: Math.max(1, waitS(cost, over.rule.burst, over.rule.perMinute)) }
      const { rows } = await retrying(() =>
        pool.query({
          name: 'rate_limit_take',
          text: SQL.take,
          values: [
            buckets.map((b) => b.key),
            buckets.map((b) => b.rule.burst),
            buckets.map((b) => b.rule.perMinute),
            cost,
            nowMs,
          ],
        }),
      )
      return settleTake(pool, rows, cost)
    },
    async prune(nowMs) {
      const { rowCount } = await pool.query({
        name: 'rate_limit_prune',
        text: SQL.prune,
        values: [nowMs - BUCKET_IDLE_MS, nowMs],
      })
      return rowCount ?? 0
    },
  }
}
