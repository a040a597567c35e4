// Merges an export file into a learner's study state, in one transaction:
// either all of it lands or none of it does. Idempotent by construction:
// - review logs are keyed by their attempt token (and by card + time, in case
//   the same review came through another install with another token);
// - a card state replaces ours only when it reflects a later review;
// - settings from the file replace ours (importing is an explicit choice).
// So importing the same file twice changes nothing the second time.
import { and, eq, sql } from 'drizzle-orm'
import { type Db, drizzleFor, type Sqlite } from '@/db/open'
import { cardStates, learnerSettings, reviewLogs } from '@/db/schema'
import { parseDeckIds } from '@/lib/decks/settings'
import { upsertOwnCards } from '@/lib/own-cards/import'
import type { ExportedSettings, StudyStateFile } from './format'

export interface MergeSummary {
  reviewLogsAdded: number
  reviewLogsAlreadyThere: number
  cardStatesAdded: number
  cardStatesUpdated: number
  cardStatesKept: number
  settingsChanged: boolean
  ownCardsAdded: number
  ownCardsUpdated: number
}

const p = (name: string) => sql.placeholder(name)

// Prepared once per import: a file may carry years of reviews.
function prepareMergeQueries(db: Db) {
  const cardStateColumns = {
    learnerId: p('learnerId'),
    cardId: p('cardId'),
    dueMs: p('dueMs'),
    stability: p('stability'),
    difficulty: p('difficulty'),
    elapsedDays: p('elapsedDays'),
    scheduledDays: p('scheduledDays'),
    learningSteps: p('learningSteps'),
    reps: p('reps'),
    lapses: p('lapses'),
    state: p('state'),
    lastReviewMs: p('lastReviewMs'),
  }
  // update().set() takes SQL, not bare placeholders.
  const cardStateFields = {
    dueMs: sql`${p('dueMs')}`,
    stability: sql`${p('stability')}`,
    difficulty: sql`${p('difficulty')}`,
    elapsedDays: sql`${p('elapsedDays')}`,
    scheduledDays: sql`${p('scheduledDays')}`,
    learningSteps: sql`${p('learningSteps')}`,
    reps: sql`${p('reps')}`,
    lapses: sql`${p('lapses')}`,
    state: sql`${p('state')}`,
    lastReviewMs: sql`${p('lastReviewMs')}`,
  }
  const thisCard = and(eq(cardStates.learnerId, p('learnerId')), eq(cardStates.cardId, p('cardId')))
  return {
    cardState: db
      .select({ lastReviewMs: cardStates.lastReviewMs })
      .from(cardStates)
      .where(thisCard)
      .prepare(),
    insertCardState: db.insert(cardStates).values(cardStateColumns).prepare(),
    updateCardState: db.update(cardStates).set(cardStateFields).where(thisCard).prepare(),
    logByToken: db
      .select({ id: reviewLogs.id })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.learnerId, p('learnerId')), eq(reviewLogs.attemptToken, p('attemptToken'))))
      .prepare(),
    logByCardAndTime: db
      .select({ id: reviewLogs.id })
      .from(reviewLogs)
      .where(
        and(
          eq(reviewLogs.learnerId, p('learnerId')),
          eq(reviewLogs.cardId, p('cardId')),
          eq(reviewLogs.reviewedAtMs, p('reviewedAtMs')),
        ),
      )
      .prepare(),
    insertLog: db
      .insert(reviewLogs)
      .values({
        learnerId: p('learnerId'),
        cardId: p('cardId'),
        attemptToken: p('attemptToken'),
        rating: p('rating'),
        suggestedRating: p('suggestedRating'),
        pointsTicked: p('pointsTicked'),
        pointsAll: p('pointsAll'),
        durationMs: p('durationMs'),
        answerMode: p('answerMode'),
        stateBefore: p('stateBefore'),
        reviewedAtMs: p('reviewedAtMs'),
        snapshot: p('snapshot'),
        dueAfterMs: p('dueAfterMs'),
      })
      .prepare(),
  }
}

/** The settings row's columns for a file's settings (the deck list stored as its JSON column). */
function settingsColumns(settings: ExportedSettings) {
  const { disabledDecks, fsrsParameters, ...scalars } = settings
  return {
    ...scalars,
    ...(disabledDecks === undefined ? {} : { disabledDecks: deckListJson(disabledDecks) }),
    ...(fsrsParameters === undefined
      ? {}
      : { fsrsParameters: fsrsParameters === null ? null : JSON.stringify(fsrsParameters) }),
  }
}

const deckListJson = (deckIds: readonly string[]) => JSON.stringify([...new Set(deckIds)].sort())

/** True when every setting in the file already has that value here. */
function sameSettings(theirs: ExportedSettings, ours: typeof learnerSettings.$inferSelect): boolean {
  const columns: Record<string, unknown> = settingsColumns(theirs)
  const here: Record<string, unknown> = {
    ...ours,
    disabledDecks: deckListJson(parseDeckIds(ours.disabledDecks)),
  }
  return Object.keys(columns).every((key) => columns[key] === here[key])
}

export function mergeStudyState(sqlite: Sqlite, learnerId: string, file: StudyStateFile): MergeSummary {
  const db = drizzleFor(sqlite)
  const q = prepareMergeQueries(db)
  const summary: MergeSummary = {
    reviewLogsAdded: 0,
    reviewLogsAlreadyThere: 0,
    cardStatesAdded: 0,
    cardStatesUpdated: 0,
    cardStatesKept: 0,
    settingsChanged: false,
    ownCardsAdded: 0,
    ownCardsUpdated: 0,
  }

  const merge = sqlite.transaction(() => {
    if (file.settings) {
      const ours = db.select().from(learnerSettings).where(eq(learnerSettings.learnerId, learnerId)).get()
      summary.settingsChanged = !ours || !sameSettings(file.settings, ours)
      if (summary.settingsChanged) {
        const columns = settingsColumns(file.settings)
        db.insert(learnerSettings)
          .values({ learnerId, ...columns })
          .onConflictDoUpdate({ target: learnerSettings.learnerId, set: columns })
          .run()
      }
    }

    // Own cards first: the card states and logs below refer to them by id.
    const cards = upsertOwnCards(sqlite, learnerId, file.ownCards, file.exportedAtMs)
    summary.ownCardsAdded = cards.added
    summary.ownCardsUpdated = cards.updated

    for (const incoming of file.cardStates) {
      const existing = q.cardState.get({ learnerId, cardId: incoming.cardId })
      if (!existing) {
        q.insertCardState.run({ learnerId, ...incoming })
        summary.cardStatesAdded++
      } else if ((incoming.lastReviewMs ?? -1) > (existing.lastReviewMs ?? -1)) {
        q.updateCardState.run({ learnerId, ...incoming })
        summary.cardStatesUpdated++
      } else {
        summary.cardStatesKept++
      }
    }

    for (const log of file.reviewLogs) {
      // Two lookups, each on its own index (an OR of the two would scan the learner's log).
      const duplicate =
        q.logByToken.get({ learnerId, attemptToken: log.attemptToken }) ??
        q.logByCardAndTime.get({ learnerId, cardId: log.cardId, reviewedAtMs: log.reviewedAtMs })
      if (duplicate) {
        summary.reviewLogsAlreadyThere++
        continue
      }
      q.insertLog.run({
        learnerId,
        ...log,
        pointsTicked: JSON.stringify(log.pointsTicked),
        pointsAll: JSON.stringify(log.pointsAll),
        snapshot: log.snapshot === null ? null : JSON.stringify(log.snapshot),
      })
      summary.reviewLogsAdded++
    }
  })
  merge.immediate()
  return summary
}
