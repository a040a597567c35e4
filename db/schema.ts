// One schema for the app's SQLite file. The payment engine runs these same tables
// on an in-memory database in the simulator (built from the same migrations), so
// the atomic claim in the sandbox is the real atomic claim.
//
// Times are integer milliseconds since the epoch (`…Ms`); money is integer minor
// units (`amountMinor`). camelCase in TypeScript, snake_case in SQL.
import { sql } from 'drizzle-orm'
import {
  blob,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'

// ───────────────────────────── payments side ─────────────────────────────

export const accounts = sqliteTable('accounts', {
  id: integer('id').primaryKey(),
  /** sha256 of the API key, hex. The key itself is shown once and never stored. */
  apiKeyHash: text('api_key_hash').notNull().unique(),
  label: text('label'),
  createdAtMs: integer('created_at_ms').notNull(),
})
export type Account = typeof accounts.$inferSelect
export type NewAccount = typeof accounts.$inferInsert

/**
 * One row per (account, key): the claim. Inserted atomically *before* any side
 * effect; the conflict on the primary key is how a duplicate learns the operation
 * already exists. Under the `global-scope` flaw the engine writes scope 0.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    accountId: integer('account_id').notNull(),
    key: text('key').notNull(),
    /** 'create_payment' | 'refund_payment' */
    operation: text('operation').notNull(),
    /** 'in_progress' | 'completed' | 'pending_unknown' */
    status: text('status').notNull(),
    /** sha256 of the canonical request body (sorted keys), hex. */
    bodyHash: text('body_hash').notNull(),
    /** The validated request as canonical JSON, so lease recovery can re-drive it without the client. */
    requestBody: text('request_body').notNull(),
    /** Our own key for the provider, derived from this row (never the client's raw key). */
    providerKey: text('provider_key').notNull(),
    leaseUntilMs: integer('lease_until_ms').notNull(),
    /** Bumped on every lease takeover, so only one retry can win it (conditional update). */
    leaseVersion: integer('lease_version').notNull().default(0),
    createdAtMs: integer('created_at_ms').notNull(),
    expiresAtMs: integer('expires_at_ms').notNull(),
    /** The stored response: replayed byte for byte. Null while in progress. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    /** The payment (or refund) this key produced, once known. */
    resourceId: integer('resource_id'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    // Partial indexes: each sweep finds only the rows it needs, and a claim that
    // completes normally never touches more than one of them (cheaper commits).
    index('idempotency_keys_in_progress_lease').on(t.leaseUntilMs).where(sql`${t.status} = 'in_progress'`),
    index('idempotency_keys_pending').on(t.createdAtMs).where(sql`${t.status} = 'pending_unknown'`),
    index('idempotency_keys_pending_provider_key')
      .on(t.providerKey)
      .where(sql`${t.status} = 'pending_unknown'`),
    index('idempotency_keys_completed_expires').on(t.expiresAtMs).where(sql`${t.status} = 'completed'`),
  ],
)
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect
export type NewIdempotencyKeyRow = typeof idempotencyKeys.$inferInsert

export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id').notNull(),
    orderId: text('order_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** 'succeeded' | 'failed' | 'pending_unknown' */
    state: text('state').notNull(),
    failureCode: text('failure_code'),
    providerChargeId: text('provider_charge_id'),
    /** The client's key that created this payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    createdAtMs: integer('created_at_ms').notNull(),
    updatedAtMs: integer('updated_at_ms').notNull(),
  },
  (t) => [index('payments_account').on(t.accountId, t.id), index('payments_state').on(t.state)],
)
export type Payment = typeof payments.$inferSelect
export type NewPayment = typeof payments.$inferInsert

export const refunds = sqliteTable(
  'refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    accountId: integer('account_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** 'succeeded' | 'failed' | 'pending_unknown' */
    state: text('state').notNull(),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAtMs: integer('created_at_ms').notNull(),
  },
  (t) => [index('refunds_payment').on(t.paymentId)],
)
export type Refund = typeof refunds.$inferSelect
export type NewRefund = typeof refunds.$inferInsert

/**
 * The live lock service (app/api/locks): one row per (account, lock name). `last_token` is the
 * fencing token of the latest grant (it only grows); `lease_until_ms` ends that grant's lease; the
 * storage half keeps the highest token it accepted a write from, so an older holder's write is
 * refused whatever that holder believes about its lease.
 */
export const lockLeases = sqliteTable(
  'lock_leases',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    lastToken: integer('last_token').notNull(),
    leaseUntilMs: integer('lease_until_ms').notNull(),
    acceptedToken: integer('accepted_token'),
    /** The last accepted write's JSON body, as sent. */
    value: text('value'),
    valueAtMs: integer('value_at_ms'),
    createdAtMs: integer('created_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
)

// ───────────────────────────── study side ─────────────────────────────

/** An anonymous learner, identified by an httpOnly cookie. No login. */
export const learners = sqliteTable('learners', {
  id: text('id').primaryKey(),
  createdAtMs: integer('created_at_ms').notNull(),
  /** The live console's sandbox account, created on first visit to the Live tab. */
  accountId: integer('account_id'),
})
export type Learner = typeof learners.$inferSelect

export const learnerSettings = sqliteTable('learner_settings', {
  learnerId: text('learner_id')
    .primaryKey()
    .references(() => learners.id, { onDelete: 'cascade' }),
  desiredRetention: real('desired_retention').notNull().default(0.9),
  newPerDay: integer('new_per_day').notNull().default(20),
  reviewsPerDay: integer('reviews_per_day').notNull().default(200),
  sameDaySteps: integer('same_day_steps', { mode: 'boolean' }).notNull().default(false),
  rolloverHour: integer('rollover_hour').notNull().default(4),
  /** IANA zone from the browser, e.g. 'Europe/Berlin'. */
  timezone: text('timezone').notNull().default('UTC'),
  updatedAtMs: integer('updated_at_ms').notNull(),
  /** JSON array of deck ids the learner switched off (lib/decks). Absent from the array = on. */
  disabledDecks: text('disabled_decks').notNull().default('[]'),
  /** The interview's study day as 'YYYY-MM-DD' (lib/plan), or null: no plan. */
  interviewDate: text('interview_date'),
  /** With an interview date, the daily new-card limit may be raised up to this (never lowered below newPerDay). */
  maxNewPerDay: integer('max_new_per_day').notNull().default(50),
  /** JSON array of FSRS parameters fitted to this learner's history (the optimizer), or null: FSRS defaults. */
  fsrsParameters: text('fsrs_parameters'),
})
export type LearnerSettings = typeof learnerSettings.$inferSelect
export type NewLearnerSettings = typeof learnerSettings.$inferInsert

/** The FSRS card, per learner. Absent row = a new card never reviewed. */
export const cardStates = sqliteTable(
  'card_states',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    dueMs: integer('due_ms').notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning */
    state: integer('state').notNull(),
    lastReviewMs: integer('last_review_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.cardId] }),
    index('card_states_due').on(t.learnerId, t.dueMs),
  ],
)
export type CardStateRow = typeof cardStates.$inferSelect
export type NewCardStateRow = typeof cardStates.$inferInsert

/**
 * One row per graded review. `attemptToken` is the review's own idempotency key:
 * claimed by the unique index before anything else is written, so a double-click
 * records one review. Undo deletes the row and restores `snapshot`.
 */
export const reviewLogs = sqliteTable(
  'review_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    attemptToken: text('attempt_token').notNull(),
    /** ts-fsrs Rating: 1 Again, 2 Hard, 3 Good, 4 Easy */
    rating: integer('rating').notNull(),
    suggestedRating: integer('suggested_rating').notNull(),
    /** JSON array of point ids the learner ticked. */
    pointsTicked: text('points_ticked').notNull(),
    /** JSON array of point ids the card had when reviewed (so misses survive content edits). */
    pointsAll: text('points_all').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** 'spoken' | 'typed' | 'aloud' */
    answerMode: text('answer_mode').notNull(),
    /** ts-fsrs State of the card before this review (the optimizer's review_state). */
    stateBefore: integer('state_before').notNull(),
    reviewedAtMs: integer('reviewed_at_ms').notNull(),
    /** The pre-review card_states row as JSON, or null when the card was new. */
    snapshot: text('snapshot'),
    /** Due time this review produced (for "the interval on the button is the one saved"). */
    dueAfterMs: integer('due_after_ms').notNull(),
  },
  (t) => [
    uniqueIndex('review_logs_attempt').on(t.learnerId, t.attemptToken),
    index('review_logs_learner_time').on(t.learnerId, t.reviewedAtMs),
    index('review_logs_learner_card').on(t.learnerId, t.cardId, t.reviewedAtMs),
  ],
)
export type ReviewLog = typeof reviewLogs.$inferSelect
export type NewReviewLog = typeof reviewLogs.$inferInsert

/**
 * One row per grade request sent with an `Idempotency-Key` (the review id a device mints,
 * `crypto.randomUUID`): the key's claim and its stored response, written in the review
 * log's transaction. A retry with the same key and body is answered from here and writes
 * nothing; the same key with another body is refused (422). 'processing' is a claim whose
 * grade has not committed (a writer that claims first, e.g. on PostgreSQL): a retry gets
 * 409 until `leaseUntilMs`, after which the key may be taken over.
 */
export const reviewRequests = sqliteTable(
  'review_requests',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the canonical request body (sorted keys, sorted ticks), hex. */
    fingerprint: text('fingerprint').notNull(),
    /** 'processing' | 'completed' */
    status: text('status').notNull(),
    leaseUntilMs: integer('lease_until_ms').notNull(),
    /** The review log this grade wrote, once completed. */
    logId: integer('log_id'),
    /** The stored response, replayed byte for byte. Null while processing. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAtMs: integer('created_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.key] })],
)
export type ReviewRequestRow = typeof reviewRequests.$inferSelect

/**
 * A one-time code that lets another device adopt this learner (/settings → "Use Drill on
 * another device", then /link there). Only its sha256 is stored; it is valid 10 minutes and
 * used once (`usedAtMs`, set by a conditional update: one winner).
 */
export const linkCodes = sqliteTable(
  'link_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAtMs: integer('created_at_ms').notNull(),
    expiresAtMs: integer('expires_at_ms').notNull(),
    usedAtMs: integer('used_at_ms'),
  },
  (t) => [index('link_codes_created').on(t.createdAtMs)],
)
export type LinkCodeRow = typeof linkCodes.$inferSelect

/**
 * A device using this learner, named by the httpOnly `drill-device` cookie: the one that made a
 * link code and each one that redeemed one. Signing a device out deletes its row.
 */
export const devices = sqliteTable(
  'devices',
  {
    id: text('id').primaryKey(),
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    /** From the browser's user agent, e.g. "Chrome on Android". */
    label: text('label').notNull(),
    linkedAtMs: integer('linked_at_ms').notNull(),
  },
  (t) => [index('devices_learner').on(t.learnerId, t.linkedAtMs)],
)
export type DeviceRow = typeof devices.$inferSelect

/**
 * A learner's own card (issue 15): the same fields as a content/cards file, stored
 * per learner. `id` is unique per learner (and never a built-in card's id), so
 * card_states and review_logs refer to it exactly as they refer to built-in cards.
 */
export const ownCards = sqliteTable(
  'own_cards',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    title: text('title').notNull(),
    /** The deck's name as the learner wrote it, e.g. "Rate limiter". */
    deckName: text('deck_name').notNull(),
    /** The deck's slug: the deck id is `own:<deckSlug>`. */
    deckSlug: text('deck_slug').notNull(),
    prompt: text('prompt').notNull(),
    /** JSON array of { id, text, critical, cues }. */
    points: text('points').notNull(),
    /** The model answer, Markdown (may be empty). Rendered only through lib/content/markdown. */
    answerMarkdown: text('answer_markdown').notNull().default(''),
    createdAtMs: integer('created_at_ms').notNull(),
    updatedAtMs: integer('updated_at_ms').notNull(),
    /**
     * 'markdown' (written in Drill: the prompt is plain text, the answer Markdown) or 'html'
     * (imported from Anki: prompt and answer are HTML, rendered through lib/content/markdown's
     * Anki path, which sanitizes them again).
     */
    format: text('format').notNull().default('markdown'),
    /** Suspended in Anki: kept with its history, never in the review queue. */
    suspended: integer('suspended', { mode: 'boolean' }).notNull().default(false),
    /**
     * Has a card_states row (studied at least once): kept by triggers on card_states and own_cards
     * (migration 0010), so the day's new cards are one read of own_cards_unseen, not a walk past
     * every studied card.
     */
    seen: integer('seen', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.id] }),
    // Covering for the counts and the deck aggregates (suspended, updated_at_ms, id in the entry).
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
      .where(sql`${t.seen} = 0 AND ${t.suspended} = 0`),
  ],
)
/**
 * A counter per learner and kind ('review_logs', 'own_cards', 'card_states') that triggers raise on
 * every insert, update and delete of those rows (migrations 0010, 0011 / pg 0008, 0009): the version a
 * kept view compares (lib/review-log-kept.ts, the /stats view, the plan), one row read however long
 * the history. No foreign
 * key: a deleted learner's rows go after the learner row (cascade), and their triggers still count.
 */
export const learnerVersions = sqliteTable(
  'learner_versions',
  {
    learnerId: text('learner_id').notNull(),
    kind: text('kind').notNull(),
    version: integer('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.kind] })],
)

export type OwnCardRow = typeof ownCards.$inferSelect
export type NewOwnCardRow = typeof ownCards.$inferInsert

/**
 * Where an imported own card came from in Anki (issue 26): the note's guid and the card's
 * ordinal are its identity, so importing the same package again finds the same card.
 * Exporting uses the guid again, so Anki updates the note instead of adding a copy.
 */
export const ankiCardLinks = sqliteTable(
  'anki_card_links',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    guid: text('guid').notNull(),
    /** The Anki card's ordinal: template number, or cloze number - 1. */
    ord: integer('ord').notNull(),
    noteId: integer('note_id').notNull(),
    /** The note made exactly this one card (Basic): its export reuses the note's guid. */
    onlyCardOfNote: integer('only_card_of_note', { mode: 'boolean' }).notNull(),
    /**
     * sha256 of what the package said for this card at the last import: the same again
     * leaves the card alone (edits made in Drill stay); a change means the note was
     * edited in Anki, and the card is updated (its history stays).
     */
    sourceHash: text('source_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.cardId] }),
    uniqueIndex('anki_card_links_identity').on(t.learnerId, t.guid, t.ord),
  ],
)
export type AnkiCardLinkRow = typeof ankiCardLinks.$inferSelect

/**
 * Images a learner imported with an Anki package, served same-origin by /api/media/<id>.
 * Kept in the database so an import is one transaction: a failed import leaves no file.
 * Only real image types (checked by their bytes); at most 5 MB each, 50 MB per learner.
 */
export const learnerMedia = sqliteTable(
  'learner_media',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** sha256 of the bytes, hex: the same image imported twice is stored once. */
    sha256: text('sha256').notNull(),
    /** The file name the package gave it (for exports back to Anki). */
    name: text('name').notNull(),
    /** image/png, image/jpeg, image/gif or image/webp — from the bytes, never the name. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
    createdAtMs: integer('created_at_ms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.id] }),
    uniqueIndex('learner_media_content').on(t.learnerId, t.sha256),
  ],
)
export type LearnerMediaRow = typeof learnerMedia.$inferSelect

/**
 * A finished mock interview (/mock): stored once, at Finish, so leaving mid-way stores nothing.
 * `id` is minted on the device (crypto.randomUUID), so a retried Finish stores it once; the
 * phases (question card, what was said, time used and target) are JSON, graded again when the
 * report is drawn. `savedAtMs` / `savedRatings` are set once, when Save grades recorded its reviews.
 */
export const mockInterviews = sqliteTable(
  'mock_interviews',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    mainCardId: text('main_card_id').notNull(),
    phases: text('phases').notNull(),
    createdAtMs: integer('created_at_ms').notNull(),
    savedAtMs: integer('saved_at_ms'),
    /** JSON `{ [cardId]: rating }` of the reviews Save grades recorded. */
    savedRatings: text('saved_ratings'),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.id] }),
    index('mock_interviews_learner_created').on(t.learnerId, t.createdAtMs),
  ],
)
export type MockInterviewRow = typeof mockInterviews.$inferSelect

/**
 * A phrase a learner taught the grader ("This is where I said it" after Show answer): the words they
 * selected in their answer for a point of a card the grader did not hear. `concept` is that point's key
 * concept when taught (lib/grading keyConceptOf), so the phrase also hears other cards' points sharing
 * it; null: this point only. The phrase itself is the identity: teaching it twice stores it once.
 */
export const taughtPhrases = sqliteTable(
  'taught_phrases',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    pointId: text('point_id').notNull(),
    phrase: text('phrase').notNull(),
    concept: text('concept'),
    createdAtMs: integer('created_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.cardId, t.pointId, t.phrase] })],
)
export type TaughtPhraseRow = typeof taughtPhrases.$inferSelect

// ───────────────────────────── server ─────────────────────────────

/**
 * Secrets the server makes for itself on first start (e.g. the live console's key
 * secret: 32 random bytes, base64url), kept with the data rather than in the code so
 * a copy of the source derives nothing. `npm run rotate-console-secret` replaces it.
 */
export const serverSecrets = sqliteTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAtMs: integer('created_at_ms').notNull(),
})
