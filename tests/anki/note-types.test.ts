// Goal: every card of a note type of the learner's own making arrives (issue 38), each
// rendered from its own template the way Anki renders it, each with its own history; a
// card whose template is broken or whose front is blank arrives shown plainly with a
// one-line note; re-importing a package imported before this change adds the missing
// cards once and keeps what was there.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { ankiQueries } from '@/db/queries/anki'
import { ownCardQueries } from '@/db/queries/own-cards'
import type { Db } from '@/db/sql/db'
import { cardIdOfAnkiCard } from '@/lib/anki/identity'
import { legacyPackage, modernPackage } from '@/tests/anki/build'
import { addStudyLearner, freshStudyDb } from '@/tests/anki/learners'
import { importAsBeforeIssue38, NT0, noteTypesCollection } from '@/tests/anki/note-types'
import { ankiRows, importBytes } from '@/tests/anki/run'

let sqlite: Sqlite
let db: Db
beforeEach(async () => {
  ;({ sqlite, db } = freshStudyDb())
  await addStudyLearner(db, 'alice')
})

const NOW = Date.UTC(2026, 2, 1)
const summaryOf = async (bytes: Uint8Array, nowMs = NOW) => {
  const result = await importBytes(db, 'alice', 'words.apkg', bytes, { nowMs })
  if (result.kind !== 'imported')
    throw new Error('error' in result ? `refused: ${result.error.message}` : result.kind)
  return result.summary
}
const cardOf = async (guid: string, ord: number) =>
  ownCardQueries(db).getOwnCardByLearnerAndId({ learnerId: 'alice', cardId: cardIdOfAnkiCard(guid, ord) })
const reviewsOf = (guid: string, ord: number) =>
  sqlite
    .prepare(
      'SELECT reviewed_at_ms FROM review_logs WHERE learner_id = ? AND card_id = ? ORDER BY reviewed_at_ms',
    )
    .all('alice', cardIdOfAnkiCard(guid, ord))
    .map((row) => (row as { reviewed_at_ms: number }).reviewed_at_ms)

describe.each([
  ['legacy .apkg', async () => legacyPackage(noteTypesCollection)],
  ['zstd .apkg (schema 18)', () => modernPackage(noteTypesCollection)],
])('%s', (_name, build) => {
  test('one Drill card per Anki card, each with its own history', async () => {
    expect(await summaryOf(await build())).toEqual({
      decks: [
        { name: 'Words::HTTP', cards: 5 },
        { name: 'Words', cards: 3 },
      ],
      // vocab 3 + 2 (no example: no third card), broken 1, hinted 2
      cards: 8,
      reviews: 7,
      media: 0,
      skipped: [],
    })
    expect(reviewsOf('vocab-guid-1', 0)).toEqual([NT0, NT0 + 2 * 86_400_000])
    expect(reviewsOf('vocab-guid-1', 1)).toEqual([NT0 + 86_400_000])
    expect(reviewsOf('vocab-guid-1', 2)).toEqual([NT0 + 86_400_000 + 60_000])
    expect(reviewsOf('vocab-guid-2', 1)).toEqual([NT0 + 3 * 86_400_000])
    expect(reviewsOf('hinted-guid-4', 1)).toHaveLength(1)
  })

  test('each template rendered as Anki does: conditionals, {{FrontSide}}, filters, special fields', async () => {
    await summaryOf(await build())
    const recognise = await cardOf('vocab-guid-1', 0)
    expect(recognise).toMatchObject({
      title: 'idempotent (Recognise)',
      prompt:
        '<div>idempotent</div><div><details><summary>Example</summary>PUT is <b>idempotent</b>; POST is not.</details></div>',
    })
    // {{FrontSide}} is the question, then the answer Anki adds.
    expect(recognise?.answerMarkdown).toBe(
      `${recognise?.prompt}\n\n<hr />\n\nGives the same result when applied twice`,
    )
    const produce = await cardOf('vocab-guid-1', 1)
    expect(produce?.prompt).toBe('Gives the same result when applied twice')
    expect(produce?.answerMarkdown).toBe(
      'Gives the same result when applied twice<hr />idempotent<br /><i>PUT is idempotent; POST is not.</i>',
    )
    // {{Card}}, {{type:Word}} (no input on the question, the word on the answer), {{Deck}}, {{Tags}}.
    const spell = await cardOf('vocab-guid-1', 2)
    expect(spell?.prompt).toBe('<b>Spell</b>: Gives the same result when applied twice')
    expect(spell?.answerMarkdown).toContain('<hr />idempotent · Words::HTTP · http verbs')
    // {{^Example}} on a note without one; its {{#Example}} third card does not exist.
    expect((await cardOf('vocab-guid-2', 1))?.prompt).toBe(
      'A time-limited claim on a key<p>(no example yet)</p>',
    )
    expect(await cardOf('vocab-guid-2', 2)).toBeUndefined()
  })

  test('a broken template and a blank front still arrive: the fields plainly, with a one-line note', async () => {
    await summaryOf(await build())
    expect(await cardOf('broken-guid-3', 0)).toMatchObject({
      title: 'Broken front',
      prompt:
        '<p><em>Shown plainly: the front template of "Card 1" has a problem in Anki too — Missing {{/Front}}.</em></p>\nBroken front',
      answerMarkdown: '<h4>Back</h4><div>Back of the broken card</div>',
    })
    expect(await cardOf('hinted-guid-4', 1)).toMatchObject({
      prompt:
        '<p><em>Shown plainly: the front of this card ("From the hint") is blank in Anki.</em></p>\nHinted front',
      answerMarkdown: '<h4>Back</h4><div>Hinted back</div>',
    })
    expect((await cardOf('hinted-guid-4', 0))?.prompt).toBe('Hinted front')
  })
})

test('re-importing a package imported before issue 38 adds the missing cards once, keeping what was there', async () => {
  await importAsBeforeIssue38(db, 'alice', NOW)
  const first = cardIdOfAnkiCard('vocab-guid-1', 0)
  // A review done in Drill since.
  await ankiQueries(db).insertImportedReviewLog({
    learnerId: 'alice',
    cardId: first,
    attemptToken: 'drill-review-1',
    rating: 3,
    suggestedRating: 3,
    pointsTicked: '[]',
    pointsAll: '[]',
    durationMs: 5_000,
    answerMode: 'aloud',
    stateBefore: 2,
    reviewedAtMs: NT0 + 10 * 86_400_000,
    snapshot: null,
    dueAfterMs: NT0 + 20 * 86_400_000,
  })
  const before = ankiRows(sqlite, 'alice')
  expect(before.ownCards).toHaveLength(4)
  const firstLogs = before.reviewLogs.filter((log) => (log as { card_id: string }).card_id === first)
  expect(firstLogs).toHaveLength(3)

  const summary = await summaryOf(legacyPackage(noteTypesCollection), NOW + 86_400_000)
  expect(summary).toMatchObject({ cards: 8, reviews: 7, skipped: [] })
  const after = ankiRows(sqlite, 'alice')
  expect(after.ownCards).toHaveLength(8)
  // The first cards are the same cards (same ids, same review rows), now rendered from their templates.
  expect(after.reviewLogs.filter((log) => (log as { card_id: string }).card_id === first)).toEqual(firstLogs)
  expect(after.reviewLogs).toHaveLength(before.reviewLogs.length + 4)
  expect((await cardOf('vocab-guid-1', 0))?.title).toBe('idempotent (Recognise)')
  expect(reviewsOf('vocab-guid-1', 2)).toEqual([NT0 + 86_400_000 + 60_000])

  // Once: the same package again changes no row.
  await summaryOf(legacyPackage(noteTypesCollection), NOW + 2 * 86_400_000)
  expect(ankiRows(sqlite, 'alice')).toEqual(after)
})
