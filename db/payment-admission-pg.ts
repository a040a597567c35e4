// A payments write's admission on PostgreSQL in one round trip: who the bearer key is, the
// account's and the address's rate-limit take, and the stored row of the request's
// Idempotency-Key, in one statement. A replay then needs nothing more from the database: the
// engine's first read of that key (its fast path for a retry) is answered from this row
// (engine-store-pg.ts `prefetchedKey`), so the replay costs one round trip where it cost three.
//
// The take is the shared buckets' upsert (rate-limit-pg.ts), joined to the account found: an
// unknown key takes nothing (its 401 comes first), and the account's own bucket gets its key
// completed with the account id in SQL (`perAccount`). The key row is read from the statement's
// snapshot, as a separate read just before would see it: the engine's later steps decide nothing
// on it that a read a moment older could not have shown (a claim is still one atomic statement).
// A refusal gives back what the other bucket gave, in a second statement, as a take does.
import type pg from 'pg'
import { type Row, retrying } from './pg-transaction'
import { type BucketRuleRow, type BucketTake, settleTake, TAKE_LEVEL } from './rate-limit-pg'

const KEY_COLUMNS =
  'k.account_id, k.key, k.operation, k.status, k.body_hash, k.request_body, k.provider_key, k.lease_until_ms, k.lease_version, k.created_at_ms, k.expires_at_ms, k.response_status, k.response_body, k.resource_id'

// $1 key hash · $2-$4, $8 bucket keys, bursts, rates, per account · $5 cost · $6 now · $7 the Idempotency-Key (null: none)
const ADMIT = `WITH caller AS (SELECT id FROM accounts WHERE api_key_hash = $1),
  taken AS (
    INSERT INTO rate_limit_buckets AS b (key, tokens, at_ms, burst, per_minute, granted)
    SELECT w.key, w.burst - $5, $6, w.burst, w.per_minute, true
    FROM (
      SELECT u.key || CASE WHEN u.per_account THEN c.id::text ELSE '' END AS key, u.burst, u.per_minute
      FROM unnest($2::text[], $3::float8[], $4::float8[], $8::bool[]) AS u(key, burst, per_minute, per_account)
        CROSS JOIN caller c
    ) w
    ORDER BY w.key COLLATE "C"
    ON CONFLICT (key) DO UPDATE SET
      tokens = CASE WHEN ${TAKE_LEVEL} >= $5 THEN ${TAKE_LEVEL} - $5 ELSE ${TAKE_LEVEL} END,
      at_ms = GREATEST(b.at_ms, excluded.at_ms),
      burst = excluded.burst, per_minute = excluded.per_minute,
      granted = ${TAKE_LEVEL} >= $5
    RETURNING key, tokens, granted, per_minute)
  SELECT c.id AS caller_id,
    (SELECT coalesce(json_agg(t), '[]'::json) FROM taken t) AS taken,
    k.key IS NOT NULL AS has_key, ${KEY_COLUMNS}
  FROM caller c
  LEFT JOIN idempotency_keys k ON k.account_id = c.id AND k.key = $7`

export interface AdmissionRequest {
  apiKeyHash: string
  /** The buckets to take from; a `perAccount` one's key is completed with the caller's account id. */
  buckets: readonly { key: string; rule: BucketRuleRow; perAccount?: boolean }[]
  cost: number
  nowMs: number
  /** The request's Idempotency-Key when it has a valid one. */
  key: string | null
}

export type Admission =
  | { accountId: null }
  | {
      accountId: number
      take: BucketTake
      /** The key's stored row (undefined: none yet), for the engine's first read of it. */
      keyRow?: { scope: number; key: string; row: Row | undefined }
    }

export function pgPaymentAdmission(pool: pg.Pool): { admit(request: AdmissionRequest): Promise<Admission> } {
  return {
    async admit({ apiKeyHash, buckets, cost, nowMs, key }) {
      const { rows } = await retrying(() =>
        pool.query({
          name: 'payment_admission',
          text: ADMIT,
          values: [
            apiKeyHash,
            buckets.map((b) => b.key),
            buckets.map((b) => b.rule.burst),
            buckets.map((b) => b.rule.perMinute),
            cost,
            nowMs,
            key,
            buckets.map((b) => b.perAccount === true),
          ],
        }),
      )
      const found = rows[0]
      if (found === undefined) return { accountId: null }
      const accountId = Number(found.caller_id)
      const take = await settleTake(pool, found.taken as Row[], cost)
      if (key === null) return { accountId, take }
      return { accountId, take, keyRow: { scope: accountId, key, row: found.has_key ? found : undefined } }
    },
  }
}
