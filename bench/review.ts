// `npm run bench:review`: seeds 10,000 learners, each owning 200 own cards
// (2,000,000 cards), and 1,000,000 review logs into a fresh SQLite file (WAL, as
// the app runs it), then measures in one run:
//  - the grade action's server time (zod parse + resolve the card through the deck
//    registry + claim + card state + log, one transaction), median and p95, against
//    the 20 ms p95 target — half on built-in cards, half on the learner's own cards;
//  - a retried grade (same attempt token → replay), for the ratio to a first grade;
//  - the due-queue query with its index, against the same query forced to scan;
//  - the whole "next card" read the /review page does.
// Deterministic: a seeded PRNG picks learners; time is a fixed instant.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrateSqlite, openSqlite } from '../db/open'
import { dueCardsSql, studyQueries } from '../db/queries/study'
import { sqliteDb } from '../db/sql/sqlite-db'
import { DAY_MS } from '../lib/calendar'
import { allCards } from '../lib/content/cards'
import { mulberry32 } from '../lib/mulberry32'
// The modules themselves, not lib/review's index: it also holds server-only code.
import { studyDecks } from '../lib/review/decks'
import { gradeRequestSchema } from '../lib/review/grade-input'
import { gradeFoundCard } from '../lib/review/grade-review'
import { nextReview } from '../lib/review/next-review'
import { RATINGS } from '../lib/srs/rubric'

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10_000)
const LOGS = Number(process.env.BENCH_LOGS ?? 1_000_000)
const OWN_CARDS = Number(process.env.BENCH_OWN_CARDS ?? 200)
const GRADES = Number(process.env.BENCH_GRADES ?? 3_000)
const SEED = Number(process.env.BENCH_SEED ?? 42)
const TARGET_P95_MS = 20
const nowMs = Date.parse('2026-11-30T12:00:00Z')
const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Asia/Kolkata']

function learnerId(i: number): string {
  return `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
}

function percentile(sortedMs: number[], p: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor((p / 100) * sortedMs.length))] ?? Number.NaN
}

function summarize(runOrder: number[]) {
  const samples = [...runOrder].sort((a, b) => a - b)
  return {
    runOrder,
    medianMs: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    meanMs: samples.reduce((sum, x) => sum + x, 0) / samples.length,
  }
}

async function measure(runs: number, fn: (i: number) => unknown) {
  const runOrder: number[] = []
  const cpuOrder: number[] = []
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage()
    const start = process.hrtime.bigint()
    await fn(i)
    runOrder.push(Number(process.hrtime.bigint() - start) / 1e6)
    const used = process.cpuUsage(cpu)
    cpuOrder.push((used.user + used.system) / 1000)
  }
  // CPU time beside wall time: on a shared machine the wall-time tail is mostly time spent descheduled.
  return { ...summarize(runOrder), cpu: summarize(cpuOrder) }
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-review-'))
const dbPath = path.join(dir, 'bench.db')
const sqlite = openSqlite(dbPath)
migrateSqlite(sqlite)
const deck = allCards()
const random = mulberry32(SEED)

console.log(
  `bench:review — ${LEARNERS.toLocaleString('en')} learners, ${LOGS.toLocaleString('en')} review logs, ${deck.length} built-in cards + ${OWN_CARDS} own cards per learner (${(LEARNERS * OWN_CARDS).toLocaleString('en')}), seed=${SEED}`,
)
console.log(`database: ${dbPath}`)

// ── seed ──
const seedStarted = process.hrtime.bigint()
const insertLearner = sqlite.prepare('INSERT INTO learners (id, created_at_ms) VALUES (?, ?)')
const insertSettings = sqlite.prepare(
  'INSERT INTO learner_settings (learner_id, timezone, updated_at_ms) VALUES (?, ?, ?)',
)
const insertState = sqlite.prepare(
  `INSERT INTO card_states (learner_id, card_id, due_ms, stability, difficulty, elapsed_days, scheduled_days,
     learning_steps, reps, lapses, state, last_review_ms) VALUES (?, ?, ?, ?, ?, 0, ?, 0, ?, ?, 2, ?)`,
)
const insertLog = sqlite.prepare(
  `INSERT INTO review_logs (learner_id, card_id, attempt_token, rating, suggested_rating, points_ticked, points_all,
     duration_ms, answer_mode, state_before, reviewed_at_ms, snapshot, due_after_ms)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'aloud', 2, ?, NULL, ?)`,
)
const insertOwnCard = sqlite.prepare(
  `INSERT INTO own_cards (learner_id, id, title, deck_name, deck_slug, prompt, points, answer_markdown,
     created_at_ms, updated_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
)
// Five own decks per learner; the points JSON is shared (it is what the app stores per card).
const ownDecks = ['Rate limiter', 'Outbox', 'Sharding', 'Caching', 'Queues']
const ownPoints = JSON.stringify(
  Array.from({ length: 5 }, (_, p) => ({
    id: `p${p + 1}`,
    text: `Own point number ${p + 1}, a sentence long`,
    critical: p === 0,
    cues: [`cue ${p + 1}`],
  })),
)
const ownAnswer = '### Model answer\n\nA few paragraphs of **Markdown** the learner wrote.\n'
const logsPerLearner = Math.floor(LOGS / LEARNERS)
sqlite.transaction(() => {
  let logNo = 0
  for (let i = 0; i < LEARNERS; i++) {
    const id = learnerId(i)
    insertLearner.run(id, nowMs - 400 * DAY_MS)
    insertSettings.run(id, zones[i % zones.length], nowMs)
    deck.forEach((card, c) => {
      // About half the cards are due now; the rest in the next weeks.
      const dueMs =
        random() < 0.5
          ? nowMs - Math.floor(random() * 5 * DAY_MS)
          : nowMs + Math.floor(random() * 30 * DAY_MS)
      const interval = 1 + Math.floor(random() * 30)
      insertState.run(
        id,
        card.id,
        dueMs,
        interval * 1.1,
        5,
        interval,
        10 + c,
        c % 3,
        dueMs - interval * DAY_MS,
      )
    })
    for (let c = 0; c < OWN_CARDS; c++) {
      const deckName = ownDecks[c % ownDecks.length]!
      insertOwnCard.run(
        id,
        `own-card-${c}`,
        `Own card ${c}`,
        deckName,
        deckName.toLowerCase().replaceAll(' ', '-'),
        `Explain own topic number ${c} as in an interview.`,
        ownPoints,
        ownAnswer,
        nowMs - 100 * DAY_MS + c,
        nowMs - 100 * DAY_MS + c,
      )
    }
    const count = i < LOGS % LEARNERS ? logsPerLearner + 1 : logsPerLearner
    for (let n = 0; n < count; n++) {
      const card = deck[n % deck.length]!
      const reviewedAtMs = nowMs - 365 * DAY_MS + Math.floor(((n + random()) / count) * 364 * DAY_MS)
      const ticked = card.points.filter(() => random() < 0.8).map((p) => p.id)
      const rating = 1 + Math.floor(random() * 4)
      insertLog.run(
        id,
        card.id,
        `seed-${logNo++}`,
        rating,
        rating,
        JSON.stringify(ticked),
        JSON.stringify(card.points.map((p) => p.id)),
        20_000 + Math.floor(random() * 120_000),
        reviewedAtMs,
        reviewedAtMs + DAY_MS,
      )
    }
  }
})()
sqlite.pragma('wal_checkpoint(TRUNCATE)')
sqlite.exec('ANALYZE')
const seedS = Number(process.hrtime.bigint() - seedStarted) / 1e9
const counts = sqlite
  .prepare(
    'SELECT (SELECT count(*) FROM learners) AS learners, (SELECT count(*) FROM review_logs) AS logs, (SELECT count(*) FROM card_states) AS states, (SELECT count(*) FROM own_cards) AS ownCards',
  )
  .get() as { learners: number; logs: number; states: number; ownCards: number }
console.log(
  `seeded ${counts.learners} learners, ${counts.logs} logs, ${counts.states} card states, ${counts.ownCards} own cards in ${seedS.toFixed(1)} s (${(fs.statSync(dbPath).size / 1e6).toFixed(0)} MB)`,
)

// ── grade: first attempts on distinct learners' due cards ──
// The app's data layer over the bench's file (the statements it caches are the app's).
const db = sqliteDb(sqlite)
const q = studyQueries(db)
// The deck registry the app uses (the drills deck warmed before it is handed out).
const decks = await studyDecks()
const targets: { learnerId: string; cardId: string; token: string; body: unknown }[] = []
for (let i = 0; targets.length < GRADES && i < LEARNERS * 4; i++) {
  const id = learnerId(Math.floor(random() * LEARNERS))
  if (targets.some((t) => t.learnerId === id)) continue
  // Every other grade is a new own card (resolved from the 2M-row own_cards table).
  const ownTurn = targets.length % 2 === 1 && OWN_CARDS > 0
  const due = (await q.getDueCardsByLearnerId({ learnerId: id, dueBeforeMs: nowMs, limit: 1 }))[0]
  const cardId = ownTurn ? `own-card-${Math.floor(random() * OWN_CARDS)}` : due?.cardId
  if (!cardId) continue
  const card = (await decks.reviewCardById(db, id, cardId))!
  const token = `bench-${targets.length}-${SEED}`
  targets.push({
    learnerId: id,
    cardId,
    token,
    // What the browser sends: parsed by the same zod schema as the action.
    body: {
      cardId,
      attemptToken: token,
      rating: RATINGS[Math.floor(random() * 4)],
      pointsTicked: card.points.filter(() => random() < 0.8).map((p) => p.id),
      durationMs: 30_000,
      answerMode: 'aloud',
    },
  })
}

async function gradeOnce(i: number) {
  const target = targets[i]!
  const request = gradeRequestSchema.parse(target.body)
  const { timezone: _timezone, reviewedAt: _at, attemptToken = '', ...grade } = request
  // As lib/review/submit-grade.ts does: resolve the card through the deck registry, then grade.
  const found = await decks.findCard(db, target.learnerId, grade.cardId)
  const result = await gradeFoundCard(db, found, {
    ...grade,
    attemptToken,
    learnerId: target.learnerId,
    nowMs,
  })
  if (result.kind !== 'graded' && result.kind !== 'replayed') throw new Error(`grade ${i}: ${result.kind}`)
}

const grade = await measure(targets.length, gradeOnce)
// The same grades, split by where the card came from (reported, not a separate run).
const isOwn = (i: number) => targets[i]!.cardId.startsWith('own-card-')
const gradeOwn = summarize(grade.runOrder.filter((_, i) => isOwn(i)))
const gradeBuiltIn = summarize(grade.runOrder.filter((_, i) => !isOwn(i)))
const replay = await measure(targets.length, gradeOnce)
const logsAfter = (sqlite.prepare('SELECT count(*) AS n FROM review_logs').get() as { n: number }).n

// ── due queue: indexed vs forced scan ──
const dueStmt = sqlite.prepare(dueCardsSql)
const scanStmt = sqlite.prepare(dueCardsSql.replace('FROM card_states', 'FROM card_states NOT INDEXED'))
const queueLearners = Array.from({ length: 2000 }, () => learnerId(Math.floor(random() * LEARNERS)))
const dueIndexed = await measure(queueLearners.length, (i) =>
  dueStmt.all(queueLearners[i], nowMs + DAY_MS, 50),
)
const dueScan = await measure(200, (i) => scanStmt.all(queueLearners[i], nowMs + DAY_MS, 50))
const plan = (sqlite.prepare(`EXPLAIN QUERY PLAN ${dueCardsSql}`).all('x', nowMs, 50) as { detail: string }[])
  .map((r) => r.detail)
  .join('; ')

// ── the /review page's read: next card + preview ──
const nextCard = await measure(queueLearners.length, async (i) =>
  nextReview(db, queueLearners[i]!, await decks.reviewDeckFor(db, queueLearners[i]!), nowMs),
)
const ownLookupPlan = (
  sqlite
    .prepare('EXPLAIN QUERY PLAN SELECT title FROM own_cards WHERE learner_id = ? AND id = ?')
    .all('x', 'y') as {
    detail: string
  }[]
)
  .map((r) => r.detail)
  .join('; ')
const ownListPlan = (
  sqlite
    .prepare(
      'EXPLAIN QUERY PLAN SELECT id FROM own_cards WHERE learner_id = ? ORDER BY deck_slug, created_at_ms, id',
    )
    .all('x') as { detail: string }[]
)
  .map((r) => r.detail)
  .join('; ')

console.log('')
console.log(
  `grade (first attempt, ${targets.length} grades)   median ${fmt(grade.medianMs)}  p95 ${fmt(grade.p95Ms)}  mean ${fmt(grade.meanMs)}`,
)
console.log(
  `  the same grades, CPU time                median ${fmt(grade.cpu.medianMs)}  p95 ${fmt(grade.cpu.p95Ms)}  (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
)
console.log(
  `  of which built-in cards (${gradeBuiltIn.runOrder.length})        median ${fmt(gradeBuiltIn.medianMs)}  p95 ${fmt(gradeBuiltIn.p95Ms)}`,
)
console.log(
  `  of which own cards (${gradeOwn.runOrder.length})             median ${fmt(gradeOwn.medianMs)}  p95 ${fmt(gradeOwn.p95Ms)}`,
)
console.log(
  `grade retried (same token → replay)      median ${fmt(replay.medianMs)}  p95 ${fmt(replay.p95Ms)}`,
)
console.log(
  `  logs written by ${targets.length * 2} grade calls: ${logsAfter - counts.logs} (one per attempt)`,
)
console.log(
  `due queue, indexed                       median ${fmt(dueIndexed.medianMs)}  p95 ${fmt(dueIndexed.p95Ms)}`,
)
console.log(
  `due queue, NOT INDEXED (full scan)       median ${fmt(dueScan.medianMs)}  p95 ${fmt(dueScan.p95Ms)}`,
)
console.log(
  `next card for /review (queue + preview)  median ${fmt(nextCard.medianMs)}  p95 ${fmt(nextCard.p95Ms)}`,
)
console.log(`due queue plan: ${plan}`)
console.log(`own card lookup plan: ${ownLookupPlan}`)
console.log(`own deck list plan: ${ownListPlan}`)
console.log('')
console.log('ratios (this run)')
console.log(
  `  grade p95 / target ${TARGET_P95_MS} ms        = ${(grade.p95Ms / TARGET_P95_MS).toFixed(3)}  ${grade.p95Ms <= TARGET_P95_MS ? 'PASS' : 'FAIL'}`,
)
console.log(`  replay median / grade median       = ${(replay.medianMs / grade.medianMs).toFixed(2)}`)
console.log(`  scan median / indexed median       = ${(dueScan.medianMs / dueIndexed.medianMs).toFixed(0)}×`)

sqlite.close()
fs.rmSync(dir, { recursive: true, force: true })
if (logsAfter - counts.logs !== targets.length) {
  console.error('FAIL: a retried grade wrote a second log')
  process.exit(1)
}
if (!/USING (COVERING )?INDEX card_states_due/.test(plan)) {
  console.error('FAIL: the due queue is not on the card_states_due index')
  process.exit(1)
}
if (grade.p95Ms > TARGET_P95_MS) process.exit(1)
