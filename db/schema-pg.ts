// The PostgreSQL twin of db/schema.ts (used when DRILL_DATABASE_URL is set): the same
// tables, columns, keys and indexes, column for column, in pg-core's types. drizzle has
// no dialect-neutral schema, so each dialect keeps its own file and migrations folder;
// tests/pg/schema-parity.test.ts migrates both and fails when they disagree.
//
// The type choices that differ from a naive translation (SQLite's INTEGER is 64-bit):
// - ids, `*_ms` times and money (`*_minor`) are `bigint` read as JS numbers (pg-core's
//   `integer` is 32-bit: a millisecond timestamp overflows it);
// - FSRS floats are `double precision` (`real` is float4 in PostgreSQL);
// - a SQLite `integer({ mode: 'boolean' })` is a `boolean`; small counts stay `integer`;
// - auto-assigned ids are identity columns "by default", so an explicit id (a seed, a
//   restore) is accepted as SQLite accepts it. The accounts identity starts above every
//   seeded demo id (db/seed.ts), since a sequence never skips ids inserted by hand.
// - a SQLite `blob` is `bytea` (imported images);
// JSON stays `text`: stored responses are replayed byte for byte.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** The first id PostgreSQL assigns to an account; the demo accounts (17, 18) sit below it. */
export const FIRST_ASSIGNED_ACCOUNT_ID = 1000

const ms = (name: string) => bigint(name, { mode: 'number' })
const id = (name: string) => bigint(name, { mode: 'number' })
/** A SQLite `blob({ mode: 'buffer' })`: pg-core has no bytea builder of its own. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })
const assignedId = (name: string, startWith = 1) =>
  id(name).primaryKey().generatedByDefaultAsIdentity({ startWith })

// ───────────────────────────── payments side ─────────────────────────────

export const accounts = pgTable('accounts', {
  id: assignedId('id', FIRST_ASSIGNED_ACCOUNT_ID),
  apiKeyHash: text('api_key_hash').notNull().unique(),
  label: text('label'),
  createdAtMs: ms('created_at_ms').notNull(),
})

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: id('account_id').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    status: text('status').notNull(),
    bodyHash: text('body_hash').notNull(),
    requestBody: text('request_body').notNull(),
    providerKey: text('provider_key').notNull(),
    leaseUntilMs: ms('lease_until_ms').notNull(),
    leaseVersion: integer('lease_version').notNull().default(0),
    createdAtMs: ms('created_at_ms').notNull(),
    expiresAtMs: ms('expires_at_ms').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    resourceId: id('resource_id'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index('idempotency_keys_in_progress_lease').on(t.leaseUntilMs).where(sql`${t.status} = 'in_progress'`),
    index('idempotency_keys_pending').on(t.createdAtMs).where(sql`${t.status} = 'pending_unknown'`),
    index('idempotency_keys_pending_provider_key')
      .on(t.providerKey)
      .where(sql`${t.status} = 'pending_unknown'`),
    index('idempotency_keys_completed_expires').on(t.expiresAtMs).where(sql`${t.status} = 'completed'`),
  ],
)

export const payments = pgTable(
  'payments',
  {
    id: assignedId('id'),
    accountId: id('account_id').notNull(),
    orderId: text('order_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull(),
    failureCode: text('failure_code'),
    providerChargeId: text('provider_charge_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    createdAtMs: ms('created_at_ms').notNull(),
    updatedAtMs: ms('updated_at_ms').notNull(),
  },
  (t) => [index('payments_account').on(t.accountId, t.id), index('payments_state').on(t.state)],
)

export const refunds = pgTable(
  'refunds',
  {
    id: assignedId('id'),
    paymentId: id('payment_id')
      .notNull()
      .references(() => payments.id),
    accountId: id('account_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAtMs: ms('created_at_ms').notNull(),
  },
  (t) => [index('refunds_payment').on(t.paymentId)],
)

/**
 * The live lock service (app/api/locks): one row per (account, lock name). `last_token` is the
 * fencing token of the latest grant (it only grows); `lease_until_ms` ends that grant's lease; the
 * storage half keeps the highest token it accepted a write from, so an older holder's write is
 * refused whatever that holder believes about its lease.
 */
export const lockLeases = pgTable(
  'lock_leases',
  {
    accountId: id('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    lastToken: bigint('last_token', { mode: 'number' }).notNull(),
    leaseUntilMs: ms('lease_until_ms').notNull(),
    acceptedToken: bigint('accepted_token', { mode: 'number' }),
    /** The last accepted write's JSON body, as sent. */
    value: text('value'),
    valueAtMs: ms('value_at_ms'),
    createdAtMs: ms('created_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
)

// ───────────────────────────── study side ─────────────────────────────

export const learners = pgTable('learners', {
  id: text('id').primaryKey(),
  createdAtMs: ms('created_at_ms').notNull(),
  accountId: id('account_id'),
})

export const learnerSettings = pgTable('learner_settings', {
  learnerId: text('learner_id')
    .primaryKey()
    .references(() => learners.id, { onDelete: 'cascade' }),
  desiredRetention: doublePrecision('desired_retention').notNull().default(0.9),
  newPerDay: integer('new_per_day').notNull().default(20),
  reviewsPerDay: integer('reviews_per_day').notNull().default(200),
  sameDaySteps: boolean('same_day_steps').notNull().default(false),
  rolloverHour: integer('rollover_hour').notNull().default(4),
  timezone: text('timezone').notNull().default('UTC'),
  updatedAtMs: ms('updated_at_ms').notNull(),
  disabledDecks: text('disabled_decks').notNull().default('[]'),
  /** The interview's study day as 'YYYY-MM-DD' (lib/plan), or null: no plan. */
  interviewDate: text('interview_date'),
  /** With an interview date, the daily new-card limit may be raised up to this (never lowered below newPerDay). */
  maxNewPerDay: integer('max_new_per_day').notNull().default(50),
  /** JSON array of FSRS parameters fitted to this learner's history (the optimizer), or null: FSRS defaults. */
  fsrsParameters: text('fsrs_parameters'),
})

export const cardStates = pgTable(
  'card_states',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    dueMs: ms('due_ms').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: integer('state').notNull(),
    lastReviewMs: ms('last_review_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.cardId] }),
    index('card_states_due').on(t.learnerId, t.dueMs),
  ],
)

export const reviewLogs = pgTable(
  'review_logs',
  {
    id: assignedId('id'),
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    attemptToken: text('attempt_token').notNull(),
    rating: integer('rating').notNull(),
    suggestedRating: integer('suggested_rating').notNull(),
    pointsTicked: text('points_ticked').notNull(),
    pointsAll: text('points_all').notNull(),
    durationMs: ms('duration_ms').notNull(),
    answerMode: text('answer_mode').notNull(),
    stateBefore: integer('state_before').notNull(),
    reviewedAtMs: ms('reviewed_at_ms').notNull(),
    snapshot: text('snapshot'),
    dueAfterMs: ms('due_after_ms').notNull(),
  },
  (t) => [
    uniqueIndex('review_logs_attempt').on(t.learnerId, t.attemptToken),
    index('review_logs_learner_time').on(t.learnerId, t.reviewedAtMs),
    index('review_logs_learner_card').on(t.learnerId, t.cardId, t.reviewedAtMs),
  ],
)

export const reviewRequests = pgTable(
  'review_requests',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: text('status').notNull(),
    leaseUntilMs: ms('lease_until_ms').notNull(),
    logId: id('log_id'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAtMs: ms('created_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.key] })],
)

export const linkCodes = pgTable(
  'link_codes',
  {
    id: assignedId('id'),
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAtMs: ms('created_at_ms').notNull(),
    expiresAtMs: ms('expires_at_ms').notNull(),
    usedAtMs: ms('used_at_ms'),
  },
  (t) => [index('link_codes_created').on(t.createdAtMs)],
)

export const devices = pgTable(
  'devices',
  {
    id: text('id').primaryKey(),
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    linkedAtMs: ms('linked_at_ms').notNull(),
  },
  (t) => [index('devices_learner').on(t.learnerId, t.linkedAtMs)],
)

export const ownCards = pgTable(
  'own_cards',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    title: text('title').notNull(),
    deckName: text('deck_name').notNull(),
    deckSlug: text('deck_slug').notNull(),
    prompt: text('prompt').notNull(),
    points: text('points').notNull(),
    answerMarkdown: text('answer_markdown').notNull().default(''),
    createdAtMs: ms('created_at_ms').notNull(),
    updatedAtMs: ms('updated_at_ms').notNull(),
    format: text('format').notNull().default('markdown'),
    suspended: boolean('suspended').notNull().default(false),
    /** Has a card_states row: kept by triggers (db/schema.ts says why). */
    seen: boolean('seen').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.id] }),
    index('own_cards_learner_deck').on(
      t.learnerId,
      t.deckSlug,
      t.createdAtMs,
      t.id,
      t.suspended,
      t.updatedAtMs,
    ),
    index('own_cards_unseen')
      .on(t.learnerId, t.deckSlug, t.createdAtMs, t.id)
      .where(sql`${t.seen} = false AND ${t.suspended} = false`),
  ],
)

/**
 * A counter per learner and kind ('review_logs', 'own_cards', 'card_states') that triggers raise on
 * every insert, update and delete of those rows (migrations 0010, 0011 / pg 0008, 0009): the version a
 * kept view compares (lib/review-log-kept.ts, the /stats view, the plan), one row read however long
 * the history. No foreign
 * key: a deleted learner's rows go after the learner row (cascade), and their triggers still count.
 */
export const learnerVersions = pgTable(
  'learner_versions',
  {
    learnerId: text('learner_id').notNull(),
    kind: text('kind').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.kind] })],
)

export const ankiCardLinks = pgTable(
  'anki_card_links',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    guid: text('guid').notNull(),
    ord: integer('ord').notNull(),
    // Anki's note ids are millisecond timestamps.
    noteId: id('note_id').notNull(),
    onlyCardOfNote: boolean('only_card_of_note').notNull(),
    sourceHash: text('source_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.cardId] }),
    uniqueIndex('anki_card_links_identity').on(t.learnerId, t.guid, t.ord),
  ],
)

export const learnerMedia = pgTable(
  'learner_media',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    sha256: text('sha256').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAtMs: ms('created_at_ms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.id] }),
    uniqueIndex('learner_media_content').on(t.learnerId, t.sha256),
  ],
)

export const mockInterviews = pgTable(
  'mock_interviews',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    mainCardId: text('main_card_id').notNull(),
    phases: text('phases').notNull(),
    createdAtMs: ms('created_at_ms').notNull(),
    savedAtMs: ms('saved_at_ms'),
    savedRatings: text('saved_ratings'),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.id] }),
    index('mock_interviews_learner_created').on(t.learnerId, t.createdAtMs),
  ],
)

/** db/schema.ts taughtPhrases: a phrase a learner taught the grader for one point of one card. */
export const taughtPhrases = pgTable(
  'taught_phrases',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    pointId: text('point_id').notNull(),
    phrase: text('phrase').notNull(),
    concept: text('concept'),
    createdAtMs: ms('created_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.cardId, t.pointId, t.phrase] })],
)

// ───────────────────────────── server ─────────────────────────────

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAtMs: ms('created_at_ms').notNull(),
})

/**
 * The rate limits' token buckets, shared by every instance (PostgreSQL only: with SQLite
 * one process runs and its buckets live in memory, lib/http/rate-limit.ts). One row per
 * bucket key; each take is one upsert (db/rate-limit-pg.ts). `granted` is the last take's
 * answer, read back by that take's RETURNING.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    tokens: doublePrecision('tokens').notNull(),
    atMs: ms('at_ms').notNull(),
    /** The rule of the last take (a bucket refills by its rule; a changed env applies at once). */
    burst: doublePrecision('burst').notNull(),
    perMinute: doublePrecision('per_minute').notNull(),
    granted: boolean('granted').notNull(),
  },
  (t) => [index('rate_limit_buckets_at').on(t.atMs)],
)
