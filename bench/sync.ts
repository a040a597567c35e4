// `npm run bench:sync`: a phone comes back online with 500 queued grades. Seeds a SQLite file
// (WAL, durable commits, as the app runs it) with background learners and history, then sends
// the queue, in order, through what POST /api/review/grade runs after its HTTP edge: zod, the
// body's fingerprint, the card through the deck registry, then the keyed grade (replay table +
// log + card state in one IMMEDIATE transaction). Prints, per grade:
//  - a first sync (target median ≤ 5 ms), every tenth one merging before a later log of its card
//    (another device graded it meanwhile: the card is rebuilt from its logs);
//  - the same 500 sent again (a retry after lost responses: answered from the replay table,
//    target median ≤ 1 ms);
//  - a bare review-log insert in its own transaction (the floor), and the ratios;
// and, on the current build (NEXT_DIST_DIR, default .next; `npm run build` first), the service
// worker's precache (target ≤ 1.5 MB) and /review offline in Lighthouse's mobile run: its first
// card in ≤ 1.5 s (bench/review-offline.ts; BENCH_OFFLINE=0 leaves that run out).
// The sync figures are deterministic (a seeded PRNG, time a fixed instant); the Lighthouse run is not.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getManifest } from '@serwist/build'
import { migrateSqlite, openSqlite } from '../db/open'
import { studyQueries } from '../db/queries/study'
import { sqliteDb } from '../db/sql/sqlite-db'
import { DAY_MS } from '../lib/calendar'
import { mulberry32 } from '../lib/mulberry32'
import { studyDecks } from '../lib/review/decks'
import { gradeRequestSchema } from '../lib/review/grade-input'
import { gradeFingerprint } from '../lib/review/grade-key'
import { gradeFoundCard } from '../lib/review/grade-review'
import { distDir, precacheConfig } from '../scripts/build-sw'
import { benchReviewOffline } from './review-offline'

const QUEUED = Number(process.env.BENCH_QUEUED ?? 500)
const BACKGROUND_LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2_000)
const LOGS_PER_LEARNER = 50
const SEED = Number(process.env.BENCH_SEED ?? 7)
const nowMs = Date.parse('2026-12-01T12:00:00Z')
const phone = '00000000-0000-4000-8000-999999999999'

const random = mulberry32(SEED)
const learnerId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? Number.NaN

async function timed(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint()
  await fn()
  return Number(process.hrtime.bigint() - start) / 1e6
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-sync-'))
const sqlite = openSqlite(path.join(dir, 'bench.db'))
migrateSqlite(sqlite)
console.log(
  `bench:sync — ${QUEUED} queued grades of one learner, ${BACKGROUND_LEARNERS.toLocaleString('en')} other learners × ${LOGS_PER_LEARNER} logs, seed=${SEED}`,
)

// ── seed: background history, and the phone's learner with QUEUED own cards ──
const insertLearner = sqlite.prepare('INSERT INTO learners (id, created_at_ms) VALUES (?, ?)')
const insertSettings = sqlite.prepare(
  'INSERT INTO learner_settings (learner_id, timezone, updated_at_ms) VALUES (?, ?, ?)',
)
const insertLog = sqlite.prepare(
  `INSERT INTO review_logs (learner_id, card_id, attempt_token, rating, suggested_rating, points_ticked, points_all,
     duration_ms, answer_mode, state_before, reviewed_at_ms, snapshot, due_after_ms)
   VALUES (?, ?, ?, ?, ?, '[]', '[]', 30000, 'aloud', 2, ?, NULL, ?)`,
)
const insertOwnCard = sqlite.prepare(
  `INSERT INTO own_cards (learner_id, id, title, deck_name, deck_slug, prompt, points, answer_markdown,
     created_at_ms, updated_at_ms) VALUES (?, ?, ?, 'Phone', 'phone', ?, ?, '', ?, ?)`,
)
const points = JSON.stringify(
  Array.from({ length: 5 }, (_, p) => ({ id: `p${p + 1}`, text: `Point ${p + 1}`, critical: p === 0 })),
)
sqlite.transaction(() => {
  for (let i = 0; i < BACKGROUND_LEARNERS; i++) {
    insertLearner.run(learnerId(i), nowMs - 100 * DAY_MS)
    insertSettings.run(learnerId(i), 'Europe/Berlin', nowMs)
    for (let n = 0; n < LOGS_PER_LEARNER; n++) {
      const at = nowMs - Math.floor(random() * 90 * DAY_MS)
      insertLog.run(learnerId(i), `card-${n % 7}`, `seed-${i}-${n}`, 3, 3, at, at + DAY_MS)
    }
  }
  insertLearner.run(phone, nowMs - 10 * DAY_MS)
  insertSettings.run(phone, 'Europe/Berlin', nowMs)
  for (let c = 0; c < QUEUED; c++)
    insertOwnCard.run(phone, `phone-card-${c}`, `Card ${c}`, `Explain topic ${c}.`, points, nowMs, nowMs)
})()
sqlite.exec('ANALYZE')

// ── the queue: graded over the last hour on the phone, in order ──
const decks = await studyDecks()
// The app's data layer over the bench's file.
const db = sqliteDb(sqlite)
const queue = Array.from({ length: QUEUED }, (_, i) => ({
  key: crypto.randomUUID(),
  body: {
    cardId: `phone-card-${i}`,
    rating: 1 + Math.floor(random() * 4),
    pointsTicked: ['p1', 'p2'].filter(() => random() < 0.8),
    durationMs: 20_000 + Math.floor(random() * 60_000),
    answerMode: 'aloud',
    reviewedAt: new Date(nowMs - 3_600_000 + i * 7_000).toISOString(),
    timezone: 'Europe/Berlin',
  },
}))
// Every tenth card was graded on another device a minute after the phone did: the phone's grade merges before it.
for (let i = 0; i < QUEUED; i += 10) {
  const at = Date.parse(queue[i]!.body.reviewedAt) + 60_000
  insertLog.run(phone, `phone-card-${i}`, `tablet-${i}`, 3, 3, at, at + DAY_MS)
}

async function syncOne(item: (typeof queue)[number]) {
  const request = gradeRequestSchema.parse(item.body)
  const { timezone: _zone, attemptToken: _token, reviewedAt, ...grade } = request
  const found = await decks.findCard(db, phone, grade.cardId)
  return gradeFoundCard(db, found, {
    ...grade,
    attemptToken: item.key,
    learnerId: phone,
    nowMs,
    reviewedAtMs: Date.parse(reviewedAt!),
    key: { key: item.key, fingerprint: gradeFingerprint(request) },
  })
}

const first: number[] = []
const merged: number[] = []
for (const [i, item] of queue.entries()) {
  let kind = ''
  const ms = await timed(async () => {
    kind = (await syncOne(item)).kind
  })
  if (kind !== 'graded') throw new Error(`grade ${i}: ${kind}`)
  ;(i % 10 === 0 ? merged : first).push(ms)
}
const replay: number[] = []
for (const item of queue) {
  let kind = ''
  replay.push(
    await timed(async () => {
      kind = (await syncOne(item)).kind
    }),
  )
  if (kind !== 'key-replayed') throw new Error(`replay: ${kind}`)
}
const bare: number[] = []
for (let i = 0; i < QUEUED; i++)
  bare.push(
    await timed(() =>
      db.transaction((tx) =>
        studyQueries(tx).claimReviewLog({
          learnerId: learnerId(i % BACKGROUND_LEARNERS),
          cardId: 'bare',
          attemptToken: `bare-${i}`,
          rating: 3,
          suggestedRating: 3,
          pointsTicked: '[]',
          pointsAll: '[]',
          durationMs: 1,
          answerMode: 'aloud',
          stateBefore: 0,
          reviewedAtMs: nowMs,
          snapshot: null,
          dueAfterMs: nowMs,
        }),
      ),
    ),
  )
const logCount = (
  sqlite.prepare('SELECT count(*) AS n FROM review_logs WHERE learner_id = ?').get(phone) as { n: number }
).n

const all = [...first, ...merged]
const fmt = (ms: number) => `${ms.toFixed(3)} ms`
const bareMedian = median(bare)
console.log(
  `first sync, per grade:   median ${fmt(median(all))}, p95 ${fmt(p95(all))} (target median ≤ 5 ms) — ${median(all) <= 5 ? 'ok' : 'OVER'}`,
)
console.log(`  plain (${first.length}):          median ${fmt(median(first))}`)
console.log(
  `  merging (${merged.length}):         median ${fmt(median(merged))} (rebuilds the card from its logs)`,
)
console.log(
  `replayed, per grade:     median ${fmt(median(replay))}, p95 ${fmt(p95(replay))} (target ≤ 1 ms) — ${median(replay) <= 1 ? 'ok' : 'OVER'}`,
)
console.log(`bare review-log insert:  median ${fmt(bareMedian)} (own transaction, durable commit)`)
console.log(
  `ratios to the bare insert: first ${(median(all) / bareMedian).toFixed(1)}×, replay ${(median(replay) / bareMedian).toFixed(1)}×`,
)
console.log(
  `logs of the phone's learner: ${logCount} (${QUEUED} synced + ${merged.length} from the other device; the replays wrote none)`,
)

if (fs.existsSync(path.join(distDir, 'BUILD_ID'))) {
  const manifest = await getManifest(precacheConfig())
  const mb = manifest.size / (1024 * 1024)
  console.log(
    `service worker precache: ${manifest.count} files, ${(manifest.size / 1024).toFixed(0)} KiB (target ≤ 1.5 MB) — ${mb <= 1.5 ? 'ok' : 'OVER'}`,
  )
} else console.log(`service worker precache: no build in ${distDir} (run npm run build first)`)
sqlite.close()
fs.rmSync(dir, { recursive: true, force: true })
if (fs.existsSync(path.join(distDir, 'BUILD_ID')) && process.env.BENCH_OFFLINE !== '0')
  await benchReviewOffline(distDir)
