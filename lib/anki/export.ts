// One own deck → an .apkg Anki imports (issue 26): one Basic note per card (Front =
// the prompt; Back = the points as a list, then the model answer), the deck under
// its name, a guid that stays the same across exports (so importing into Anki again
// updates the notes), and — for reviewed cards — the review history as revlog rows
// with each card's due day and interval, so Anki shows the same history.
// Drill reads its own export back unchanged (the card rides along in notes.data).
import { ankiQueries } from '@/db/queries/anki'
import { mediaQueries } from '@/db/queries/media'
import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import { type CardStateRecord, studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { DAY_MS } from '@/lib/calendar'
import { allCards } from '@/lib/content/cards'
import { builtInDeckTitle } from '@/lib/content/decks'
import { slugify } from '@/lib/content/schema'
import { type ApkgCard, type ApkgNote, type ApkgReview, apkgBytes } from './apkg-writer'
import { DRILL_NOTE_VERSION, type DrillNotePayload, drillNoteFields } from './drill-notes'
import { exportGuidOf } from './identity'
import { MEDIA_ROUTE } from './plan'

const REVIEW_STATE = 2
const RELEARNING_STATE = 3

export type AnkiExportResult =
  | {
      kind: 'exported'
      bytes: Uint8Array
      fileName: string
      deckName: string
      cards: number
      reviews: number
    }
  | { kind: 'deck-not-found' }

const MEDIA_SRC = new RegExp(`src="${MEDIA_ROUTE.replaceAll('/', '\\/')}([a-z0-9-]+)"`, 'g')

/** Review ids are the reviews' times, as in Anki; two in the same millisecond move one on by 1 ms. */
function uniqueIds(times: readonly number[]): number[] {
  const used = new Set<number>()
  return times.map((time) => {
    let id = time
    while (used.has(id)) id += 1
    used.add(id)
    return id
  })
}

/** Anki's interval in a revlog row: days, or negative seconds for a step within the day. */
function ankiInterval(fromMs: number, toMs: number): number {
  const ms = Math.max(0, toMs - fromMs)
  return ms >= DAY_MS ? Math.round(ms / DAY_MS) : -Math.max(1, Math.round(ms / 1000))
}

/** revlog.type from Drill's state before the review: learn, review or relearn. */
function revlogTypeOf(stateBefore: number): number {
  return stateBefore === REVIEW_STATE ? 1 : stateBefore === RELEARNING_STATE ? 2 : 0
}

function cardRow(
  cardId: number,
  position: number,
  state: CardStateRecord | undefined,
  suspended: boolean,
  crtMs: number,
): ApkgCard {
  if (!state)
    return {
      cardId,
      type: 0,
      queue: suspended ? -1 : 0,
      due: position,
      ivl: 0,
      factor: 0,
      reps: 0,
      lapses: 0,
    }
  return {
    cardId,
    type: 2,
    queue: suspended ? -1 : 2,
    due: Math.max(0, Math.floor((state.dueMs - crtMs) / DAY_MS)),
    ivl: Math.max(1, state.scheduledDays),
    factor: 2500,
    reps: state.reps,
    lapses: state.lapses,
  }
}

/** The images the cards point at (read before the cards are written out). */
async function mediaIn(db: Db, learnerId: string, html: string) {
  const media = mediaQueries(db)
  const stored = new Map<string, { name: string; bytes: Uint8Array }>()
  for (const [, mediaId] of html.matchAll(MEDIA_SRC)) {
    if (mediaId === undefined || stored.has(mediaId)) continue
    const record = await media.getMediaByLearnerAndId({ learnerId, mediaId })
    const bytes = await media.getMediaBytesByLearnerAndId({ learnerId, mediaId })
    if (record && bytes) stored.set(mediaId, { name: record.name, bytes: bytes.bytes })
  }
  return stored
}

export async function exportDeckForAnki(
  db: Db,
  { learnerId, deckName, nowMs }: { learnerId: string; deckName: string; nowMs: number },
): Promise<AnkiExportResult> {
  const slug = slugify(deckName)
  const cards = (await ownCardQueries(db).listOwnCardsByLearnerId(learnerId)).filter(
    (card) => card.deckName === deckName || (slug !== '' && card.deckSlug === slug),
  )
  if (cards.length === 0) return { kind: 'deck-not-found' }
  return exportCards(db, { learnerId, name: cards[0]?.deckName ?? deckName, cards, nowMs })
}

/**
 * A built-in topic deck (lib/content/decks.ts, by its id) → an .apkg the same way, with this
 * learner's history of its cards. Its notes get fixed creation times (one apart, in teaching
 * order), so their ids stay the same from one export to the next.
 */
export async function exportTopicForAnki(
  db: Db,
  { learnerId, deckId, nowMs }: { learnerId: string; deckId: string; nowMs: number },
): Promise<AnkiExportResult> {
  const name = builtInDeckTitle(deckId)
  const cards = allCards()
    .filter((card) => card.deck === deckId)
    .map(
      (card, index): OwnCardRecord => ({
        id: card.id,
        title: card.title,
        deckName: name ?? deckId,
        deckSlug: deckId,
        prompt: card.prompt,
        points: card.points.map(({ id, text, critical, cues }) => ({ id, text, critical, cues })),
        answerMarkdown: card.answerMarkdown,
        createdAtMs: BUILT_IN_NOTES_CREATED_MS + index,
        updatedAtMs: BUILT_IN_NOTES_CREATED_MS,
        format: 'markdown',
      }),
    )
  if (name === undefined || cards.length === 0) return { kind: 'deck-not-found' }
  return exportCards(db, { learnerId, name, cards, nowMs })
}

/** When the built-in notes say they were written (fixed: their note ids must not move). */
const BUILT_IN_NOTES_CREATED_MS = Date.UTC(2026, 0, 1)

async function exportCards(
  db: Db,
  {
    learnerId,
    name,
    cards,
    nowMs,
  }: { learnerId: string; name: string; cards: readonly OwnCardRecord[]; nowMs: number },
): Promise<AnkiExportResult> {
  const links = new Map(
    (await ankiQueries(db).listAnkiCardLinksByLearnerId(learnerId)).map((link) => [link.cardId, link]),
  )
  const states = new Map(
    (await studyQueries(db).listCardStatesByLearnerId({ learnerId })).map((state) => [state.cardId, state]),
  )
  const cardIds = new Set(cards.map((card) => card.id))
  const reviews = (await ankiQueries(db).listReviewsByLearnerId(learnerId)).filter((review) =>
    cardIds.has(review.cardId),
  )
  const firstMs = Math.min(nowMs, ...reviews.slice(0, 1).map((review) => review.reviewedAtMs))
  const crtMs = Math.floor(firstMs / DAY_MS) * DAY_MS

  const payloads = cards.map(
    (card): DrillNotePayload => ({
      drill: DRILL_NOTE_VERSION,
      cardId: card.id,
      title: card.title,
      format: card.format ?? 'markdown',
      prompt: card.prompt,
      answer: card.answerMarkdown,
      points: card.points,
    }),
  )
  const fieldsOf = payloads.map((payload) => drillNoteFields(payload))
  const media = await mediaIn(
    db,
    learnerId,
    fieldsOf.map((fields) => `${fields.front}\n${fields.back}`).join('\n'),
  )
  const fileNames = new Map<string, string>()
  const usedNames = new Set<string>()
  const files: { name: string; bytes: Uint8Array }[] = []
  const withFileNames = (html: string) =>
    html.replace(MEDIA_SRC, (whole, mediaId: string) => {
      let fileName = fileNames.get(mediaId)
      if (!fileName) {
        const stored = media.get(mediaId)
        if (!stored) return whole
        fileName = usedNames.has(stored.name) ? `${mediaId.slice(0, 8)}-${stored.name}` : stored.name
        usedNames.add(fileName)
        fileNames.set(mediaId, fileName)
        files.push({ name: fileName, bytes: stored.bytes })
      }
      return `src="${encodeURI(fileName)}"`
    })

  const ankiCardIdOf = new Map<string, number>()
  const notes: ApkgNote[] = cards.map((card: OwnCardRecord, index) => {
    const link = links.get(card.id)
    const guid = exportGuidOf(card.id, link)
    const format = card.format ?? 'markdown'
    const payload = payloads[index] as DrillNotePayload
    const fields = fieldsOf[index] as { front: string; back: string }
    const noteId = card.createdAtMs * 10 + (index % 10)
    ankiCardIdOf.set(card.id, noteId)
    return {
      noteId,
      guid,
      front: withFileNames(fields.front),
      back: withFileNames(fields.back),
      // The HTML card's own fields are what Anki shows; its payload keeps only what Anki cannot.
      data: JSON.stringify(format === 'html' ? { ...payload, prompt: '', answer: '' } : payload),
      modS: Math.floor(card.updatedAtMs / 1000),
      card: cardRow(noteId, index + 1, states.get(card.id), card.suspended ?? false, crtMs),
    }
  })

  const ids = uniqueIds(reviews.map((review) => review.reviewedAtMs))
  const lastInterval = new Map<string, number>()
  const revlog: ApkgReview[] = reviews.map((review, index) => {
    const ivl = ankiInterval(review.reviewedAtMs, review.dueAfterMs)
    const row = {
      id: ids[index] as number,
      cardId: ankiCardIdOf.get(review.cardId) as number,
      ease: review.rating,
      ivl,
      lastIvl: lastInterval.get(review.cardId) ?? 0,
      factor: 2500,
      timeMs: Math.min(review.durationMs, 2_147_483_647),
      type: revlogTypeOf(review.stateBefore),
    }
    lastInterval.set(review.cardId, ivl)
    return row
  })

  return {
    kind: 'exported',
    bytes: apkgBytes({
      deckName: name,
      collectionCreatedS: crtMs / 1000,
      nowMs,
      notes,
      reviews: revlog,
      media: files,
    }),
    fileName: `${slugify(name) || 'deck'}.apkg`,
    deckName: name,
    cards: notes.length,
    reviews: revlog.length,
  }
}
