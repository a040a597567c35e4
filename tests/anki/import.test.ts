// Goal: every package format Anki writes imports into the same cards, decks, history
// and images; content renders inert; history becomes the FSRS state grading the same
// sequence in Drill gives; importing twice changes nothing; an edited note updates
// its card and keeps its history.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { ownCardQueries } from '@/db/queries/own-cards'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { cardIdOfAnkiCard } from '@/lib/anki/identity'
import { deckRegistry, ownDeckSource } from '@/lib/decks'
import { gradeReview } from '@/lib/review'
import type { GradeRating } from '@/lib/srs/rubric'
import { type FixtureCollection, legacyPackage, modernPackage, textExport } from '@/tests/anki/build'
import { addStudyLearner, freshStudyDb } from '@/tests/anki/learners'
import { ankiRows, importBytes } from '@/tests/anki/run'
import { sampleCollection, T0 } from '@/tests/anki/sample'

let sqlite: Sqlite
let db: Db
beforeEach(async () => {
  ;({ sqlite, db } = freshStudyDb())
  await addStudyLearner(db, 'alice')
  await addStudyLearner(db, 'bob')
})

const imported = (result: Awaited<ReturnType<typeof importBytes>>) => {
  if (result.kind !== 'imported')
    throw new Error('error' in result ? `refused: ${result.error.message}` : result.kind)
  return result.summary
}

const formats: [string, () => Promise<Uint8Array | string>][] = [
  ['legacy collection.anki2 (.apkg)', async () => legacyPackage(sampleCollection, 'anki2')],
  ['2.1 collection.anki21 (.apkg)', async () => legacyPackage(sampleCollection, 'anki21')],
  ['zstd collection.anki21b with meta and protobuf media map (.apkg)', () => modernPackage(sampleCollection)],
]

describe.each(formats)('%s', (_name, build) => {
  test('cards, decks, reviews, the image; suspended and new cards kept so', async () => {
    const summary = imported(await importBytes(db, 'alice', 'system-design.apkg', await build()))
    expect(summary).toEqual({
      decks: [
        { name: 'System Design::Idempotency', cards: 1 },
        { name: 'System Design', cards: 8 },
      ],
      // basic 1 + reversed 2 + cloze 2 + custom 2 (one per template) + optional reversed 1 + latex 1
      cards: 9,
      // 6 revlog rows on the basic card, 2 not recalls (manual, filtered): 4; 1 on the reverse card
      reviews: 5,
      // key.png; fake.png is not an image and chime.mp3 a sound
      media: 1,
      skipped: [],
    })
    const cards = await ownCardQueries(db).listOwnCardsByLearnerId('alice')
    expect(cards.every((card) => card.format === 'html' && card.points.length === 0)).toBe(true)
    const reverse = cards.find((card) => card.id === cardIdOfAnkiCard('reversed-guid-2', 1))
    expect(reverse).toMatchObject({
      prompt: expect.stringContaining('same transaction'),
      answerMarkdown: 'Outbox pattern',
      suspended: true,
    })
    // Suspended stays out of the queue; the rest are in it.
    const queue = (await deckRegistry([ownDeckSource]).reviewDeckFor(db, 'alice'))
      .map((card) => card.id)
      .filter((id) => id.startsWith('anki-'))
    expect(queue).not.toContain(reverse?.id)
    expect(queue).toHaveLength(8)
    const cloze = cards.filter((card) => card.id.startsWith(cardIdOfAnkiCard('cloze-guid-3', 0).slice(0, -2)))
    expect(cloze.map((card) => card.prompt).sort()).toEqual([
      'A […] refills at a fixed rate.',
      'A token bucket refills at a [speed].',
    ])
    expect(cloze[0]?.answerMarkdown).toContain('Rate limiting')
    const custom = cards.find((card) => card.id === cardIdOfAnkiCard('custom-guid-4', 0))
    expect(custom?.prompt).toBe('<div>Lease</div>')
    expect(custom?.answerMarkdown).toContain('A time-limited claim on a key')
    expect(custom?.answerMarkdown).toContain('The in-flight request holds it for 30 s')
    const recall = cards.find((card) => card.id === cardIdOfAnkiCard('custom-guid-4', 1))
    expect(recall).toMatchObject({
      title: 'A time-limited claim on a key (Recall)',
      prompt: 'A time-limited claim on a key',
      answerMarkdown: 'A time-limited claim on a key<hr />Lease',
    })
    // The optional reverse was left empty: one card, and it is new (no state).
    const optional = cards.filter((card) =>
      card.id.includes(cardIdOfAnkiCard('optional-guid-5', 0).slice(5, 17)),
    )
    expect(optional).toHaveLength(1)
    const states = studyQueries(db)
    expect(
      await states.getCardStateByLearnerAndCardId({ learnerId: 'alice', cardId: optional[0]?.id ?? '' }),
    ).toBeUndefined()
    const latex = cards.find((card) => card.id === cardIdOfAnkiCard('latex-guid-6', 0))
    expect(latex?.prompt).toContain('[$]L = \\lambda W[/$]')
    expect(latex?.prompt).toContain('LaTeX is shown as source')
  })

  test('hostile HTML is stored and rendered inert; the image is served from Drill, the sound kept as text', async () => {
    imported(await importBytes(db, 'alice', 'deck.apkg', await build()))
    const card = await ownCardQueries(db).getOwnCardByLearnerAndId({
      learnerId: 'alice',
      cardId: cardIdOfAnkiCard('basic-guid-1', 0),
    })
    const html = `${card?.prompt}${card?.answerMarkdown}`
    expect(html).toMatch(/<img src="\/api\/media\/[0-9a-f]{32}" \/>/)
    for (const bad of [
      '<script',
      'onclick',
      'onerror',
      'javascript:',
      'tracker.example',
      'evil.example',
      'style=',
      'class=',
    ])
      expect(html).not.toContain(bad)
    expect(card?.answerMarkdown).toContain('[sound: chime.mp3 — not played in Drill]')
    expect(card?.title).toBe('What does an idempotency key protect?x')
  })

  test('importing the same package twice changes nothing', async () => {
    const bytes = await build()
    const first = imported(await importBytes(db, 'alice', 'deck.apkg', bytes))
    const rows = ankiRows(sqlite, 'alice')
    const second = imported(
      await importBytes(db, 'alice', 'deck.apkg', bytes, { nowMs: Date.UTC(2026, 2, 2) }),
    )
    expect(ankiRows(sqlite, 'alice')).toEqual(rows)
    expect(second).toEqual(first)
  })
})

test('a .colpkg (a whole collection) imports like an .apkg', async () => {
  const summary = imported(
    await importBytes(db, 'alice', 'collection.colpkg', await modernPackage(sampleCollection)),
  )
  expect(summary.cards).toBe(9)
})

test('every format gives the same cards (text exports carry no history, images or templates)', async () => {
  imported(await importBytes(db, 'alice', 'a.apkg', legacyPackage(sampleCollection)))
  imported(await importBytes(db, 'bob', 'b.apkg', await modernPackage(sampleCollection)))
  const strip = async (learnerId: string) =>
    (await ownCardQueries(db).listOwnCardsByLearnerId(learnerId)).map(
      ({ createdAtMs: _c, updatedAtMs: _u, ...card }) => card,
    )
  expect(await strip('bob')).toEqual(await strip('alice'))
  await addStudyLearner(db, 'carol')
  const text = imported(await importBytes(db, 'carol', 'System Design.txt', textExport(sampleCollection)))
  expect(text).toMatchObject({ cards: 8, reviews: 0, media: 0, skipped: [] })
  // No templates in a text export: a note type of one's own is one card, its first.
  const recallCard = cardIdOfAnkiCard('custom-guid-4', 1)
  expect((await strip('carol')).map((card) => card.id)).toEqual(
    (await strip('alice')).map((card) => card.id).filter((id) => id !== recallCard),
  )
})

test('a text export with #html:false escapes its fields; without a deck column the file names the deck', async () => {
  const text =
    '#separator:Semicolon\n#html:false\n"<b>TCP</b> vs UDP?";"TCP is ""reliable"""\nCAP theorem;Pick two of three\n'
  const summary = imported(await importBytes(db, 'alice', 'Networking.txt', text))
  expect(summary).toMatchObject({ decks: [{ name: 'Networking', cards: 2 }], cards: 2 })
  const cards = await ownCardQueries(db).listOwnCardsByLearnerId('alice')
  expect(cards.map((card) => card.prompt)).toContain('&lt;b&gt;TCP&lt;/b&gt; vs UDP?')
  expect(cards.map((card) => card.answerMarkdown)).toContain('TCP is "reliable"')
})

describe('history', () => {
  test('the FSRS state is what grading the same sequence in Drill gives, with the learner’s settings', async () => {
    await studyQueries(db).saveLearnerSettings({
      learnerId: 'alice',
      desiredRetention: 0.85,
      newPerDay: 20,
      reviewsPerDay: 200,
      sameDaySteps: false,
      rolloverHour: 4,
      timezone: 'Europe/Berlin',
      updatedAtMs: 0,
    })
    await studyQueries(db).saveLearnerSettings({
      learnerId: 'bob',
      desiredRetention: 0.85,
      newPerDay: 20,
      reviewsPerDay: 200,
      sameDaySteps: false,
      rolloverHour: 4,
      timezone: 'Europe/Berlin',
      updatedAtMs: 0,
    })
    const cardId = cardIdOfAnkiCard('history-guid', 0)
    // Bob grades in Drill, each review when the card is due; the same reviews become Alice's Anki history.
    const ratings: GradeRating[] = [3, 3, 1, 3, 4, 2, 3]
    const reviews: { atMs: number; ease: number }[] = []
    let atMs = T0
    for (const [index, rating] of ratings.entries()) {
      const result = await gradeReview(
        db,
        [{ id: cardId, points: [] }],
        {
          learnerId: 'bob',
          cardId,
          attemptToken: `bob-${index}`,
          rating,
          pointsTicked: [],
          durationMs: 10_000,
          answerMode: 'aloud',
          nowMs: atMs,
        },
        ownDeckSource.suggestRating,
      )
      expect(result.kind).toBe('graded')
      reviews.push({ atMs, ease: rating })
      if (result.kind === 'graded') atMs = result.dueMs + 3_600_000
    }
    const fixture: FixtureCollection = {
      notes: [
        {
          guid: 'history-guid',
          type: 'basic',
          deck: 'History',
          fields: ['Why replay the history?', 'FSRS'],
          reviews,
        },
      ],
    }
    imported(await importBytes(db, 'alice', 'history.apkg', legacyPackage(fixture)))
    const study = studyQueries(db)
    expect(await study.getCardStateByLearnerAndCardId({ learnerId: 'alice', cardId })).toEqual(
      await study.getCardStateByLearnerAndCardId({ learnerId: 'bob', cardId }),
    )
    const logs = (learnerId: string) =>
      sqlite
        .prepare(
          'SELECT rating, reviewed_at_ms, state_before, snapshot, due_after_ms FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms',
        )
        .all(learnerId)
    expect(logs('alice')).toEqual(logs('bob'))
  })

  test('an edited note updates its card and keeps its history; new reviews join it', async () => {
    const note = sampleCollection.notes[0]
    if (!note) throw new Error('sample')
    imported(await importBytes(db, 'alice', 'v1.apkg', legacyPackage({ notes: [note] })))
    const cardId = cardIdOfAnkiCard('basic-guid-1', 0)
    const before = ankiRows(sqlite, 'alice')
    const edited = {
      ...note,
      fields: ['What does an idempotency key protect against?', 'Double charges on retry'],
      reviews: [...(note.reviews ?? []), { atMs: T0 + 20 * 86_400_000, ease: 3 }],
    }
    const summary = imported(await importBytes(db, 'alice', 'v2.apkg', legacyPackage({ notes: [edited] })))
    expect(summary).toMatchObject({ cards: 1, reviews: 5 })
    const card = await ownCardQueries(db).getOwnCardByLearnerAndId({ learnerId: 'alice', cardId })
    expect(card).toMatchObject({
      prompt: 'What does an idempotency key protect against?',
      answerMarkdown: 'Double charges on retry',
    })
    const after = ankiRows(sqlite, 'alice')
    expect(after.ownCards).toHaveLength(1)
    expect(after.reviewLogs.slice(0, before.reviewLogs.length)).toEqual(before.reviewLogs)
    expect(after.reviewLogs).toHaveLength(before.reviewLogs.length + 1)
    expect(after.cardStates).not.toEqual(before.cardStates)
  })

  test('points added in Drill survive importing the same package again', async () => {
    imported(await importBytes(db, 'alice', 'v1.apkg', legacyPackage(sampleCollection)))
    const cardId = cardIdOfAnkiCard('latex-guid-6', 0)
    const q = ownCardQueries(db)
    const card = await q.getOwnCardByLearnerAndId({ learnerId: 'alice', cardId })
    if (!card) throw new Error('card')
    const points = ['Arrival rate', 'Time in system', 'Items in system'].map((text, i) => ({
      id: `p${i + 1}`,
      text,
      critical: false,
      cues: [],
    }))
    await q.updateOwnCard('alice', { ...card, points })
    imported(await importBytes(db, 'alice', 'v1.apkg', legacyPackage(sampleCollection)))
    expect((await q.getOwnCardByLearnerAndId({ learnerId: 'alice', cardId }))?.points).toEqual(points)
  })
})
