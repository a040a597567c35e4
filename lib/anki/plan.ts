// From a read package to what the import will write, before anything is written:
// the cards (content sanitized, images pointed at Drill's media route, titles,
// decks), the images to store and the notes skipped with their reason.
import { createHash } from 'node:crypto'
import type { Sqlite } from '@/db/open'
import { mediaQueries } from '@/db/queries/media'
import type { OwnCardPointRecord } from '@/db/queries/own-cards'
import { htmlToText } from '@/lib/content/markdown'
import { type CardFormat, ownCardSchema, slugify } from '@/lib/content/schema'
import { type CardDraft, draftsOfNote } from './cards-of-note'
import { drillNoteFields, readDrillPayload, splitDrillBack, unwrapAnswer } from './drill-notes'
import { fieldToStoredHtml, imageNamesIn } from './field-html'
import { isRecall } from './history'
import type { AnkiLimits } from './limits'
import { imageTypeOf } from './media-types'
import type { AnkiCard, AnkiNote, AnkiReview } from './model'
import type { AnkiPackage } from './package'

export interface PlannedCard {
  draft: CardDraft
  title: string
  deckName: string
  deckSlug: string
  format: CardFormat
  prompt: string
  answer: string
  /** Points the package gives the card (a Drill export's); empty for an Anki note. */
  points: OwnCardPointRecord[]
  /** The card id a Drill export carried, tried first for a card the learner does not have yet. */
  payloadCardId: string | null
  sourceHash: string
  /** The card's recall reviews (manual, rescheduled and filtered-deck entries already left out). */
  reviews: AnkiReview[]
}

export interface PlannedMedia {
  id: string
  name: string
  sha256: string
  mimeType: string
  bytes: Uint8Array
  /** False when the learner already has these exact bytes. */
  isNew: boolean
}

export interface SkippedNote {
  noteId: number
  reason: string
}

export interface ImportPlan {
  cards: PlannedCard[]
  media: PlannedMedia[]
  skipped: SkippedNote[]
}

export const MEDIA_ROUTE = '/api/media/'

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

/** A deck name Drill accepts (at most 60 characters, something to slug); Anki's `A::B` stays as it is. */
export function drillDeckName(name: string): string {
  const trimmed = name.trim() || 'Default'
  const short = trimmed.length > 60 ? `${trimmed.slice(0, 57).trimEnd()}…` : trimmed
  if (slugify(short) !== '') return short
  // A name in a script without a-z or digits (日本語): a stable ASCII tail gives it a slug.
  return `${short.slice(0, 45)} (deck ${sha256(trimmed).slice(0, 8)})`
}

function fieldName(key: PropertyKey | undefined): string {
  return key === 'answerMarkdown' ? 'answer' : key === undefined ? 'content' : String(key)
}

/** From the field as Anki has it (no notes of ours, no sound tags). */
function titleOf(promptHtml: string, variant: string, noteId: number): string {
  const text = htmlToText(promptHtml.replace(/\[sound:[^\]]*\]/g, ''))
  const base =
    text.length >= 3 ? (text.length > 100 ? `${text.slice(0, 99).trimEnd()}…` : text) : `Anki note ${noteId}`
  return `${base}${variant}`.slice(0, 120)
}

function pointsFrom(texts: string[], known: readonly OwnCardPointRecord[]): OwnCardPointRecord[] {
  const used = new Set<string>()
  return texts.map((text, index) => {
    const same = known.find((point) => point.text === text && !used.has(point.id))
    let id = same?.id ?? `p${index + 1}`
    while (used.has(id)) id = `${id}-x`
    used.add(id)
    return same ? { ...same, id } : { id, text, critical: false, cues: [] }
  })
}

interface Content {
  title: string | null
  format: CardFormat
  prompt: string
  answer: string
  points: OwnCardPointRecord[]
  payloadCardId: string | null
}

/** The card's content; a Basic note may be a Drill export (its points and Markdown come back). */
function contentOf(draft: CardDraft, note: AnkiNote, mediaUrl: (name: string) => string | null): Content {
  const payload = draft.onlyCardOfNote ? readDrillPayload(note.data) : null
  if (payload?.format === 'markdown') {
    const expected = drillNoteFields(payload)
    if (expected.front === draft.promptHtml && expected.back === draft.answerHtml)
      return {
        title: payload.title,
        format: 'markdown',
        prompt: payload.prompt,
        answer: payload.answer,
        points: payload.points,
        payloadCardId: payload.cardId,
      }
  }
  const prompt = fieldToStoredHtml(draft.promptHtml, mediaUrl)
  const split = draft.onlyCardOfNote ? splitDrillBack(draft.answerHtml) : null
  const fitting = split && split.pointTexts.length >= 3 && split.pointTexts.length <= 7
  const answerHtml = fitting
    ? split.answerHtml
    : draft.onlyCardOfNote
      ? unwrapAnswer(draft.answerHtml)
      : draft.answerHtml
  return {
    title: payload?.title ?? null,
    format: 'html',
    prompt,
    answer: fieldToStoredHtml(answerHtml, mediaUrl),
    points: fitting ? pointsFrom(split.pointTexts, payload?.points ?? []) : [],
    payloadCardId: payload?.cardId ?? null,
  }
}

function planMedia(
  sqlite: Sqlite,
  learnerId: string,
  pkg: AnkiPackage,
  names: ReadonlySet<string>,
  limits: AnkiLimits,
): Map<string, PlannedMedia> {
  const accepted = new Map<string, PlannedMedia>()
  if (names.size === 0) return accepted
  const q = mediaQueries(sqlite)
  let roomBytes = limits.mediaBytesPerLearner - q.sumMediaBytesByLearnerId(learnerId)
  const bySha = new Map<string, PlannedMedia>()
  for (const [name, bytes] of pkg.readMedia(names, limits.imageBytes)) {
    // Over 5 MB, or not really an image: left out (the card keeps its text).
    if (!bytes) continue
    const mimeType = imageTypeOf(bytes)
    if (!mimeType) continue
    const hash = sha256(bytes)
    const seen = bySha.get(hash)
    if (seen) {
      accepted.set(name, seen)
      continue
    }
    const existing = q.getMediaByLearnerAndSha256({ learnerId, sha256: hash })
    if (!existing && bytes.byteLength > roomBytes) continue
    const media: PlannedMedia = {
      id: existing?.id ?? hash.slice(0, 32),
      name,
      sha256: hash,
      mimeType,
      bytes,
      isNew: !existing,
    }
    if (media.isNew) roomBytes -= bytes.byteLength
    bySha.set(hash, media)
    accepted.set(name, media)
  }
  return accepted
}

export function planImport(
  sqlite: Sqlite,
  learnerId: string,
  pkg: AnkiPackage,
  limits: AnkiLimits,
): ImportPlan {
  const { collection, lineOf } = pkg
  const skipped: SkippedNote[] = []
  const noteIdFor = (note: AnkiNote) => lineOf?.get(note.id) ?? note.id
  const cardsByNote = new Map<number, AnkiCard[]>()
  for (const card of collection.cards ?? []) {
    const list = cardsByNote.get(card.noteId) ?? []
    list.push(card)
    cardsByNote.set(card.noteId, list)
  }
  const deckName = (deckId: number | undefined) =>
    drillDeckName((deckId === undefined ? undefined : collection.decks.get(deckId)) ?? 'Default')

  const drafts: { draft: CardDraft; note: AnkiNote }[] = []
  for (const note of collection.notes) {
    const outcome = draftsOfNote(
      note,
      collection.noteTypes.get(note.noteTypeId),
      collection.cards ? (cardsByNote.get(note.id) ?? []) : null,
      (card) => deckName(card ? card.deckId : collection.deckOfNote?.get(note.id)),
    )
    if (outcome.skipped) skipped.push({ noteId: noteIdFor(note), reason: outcome.skipped })
    for (const draft of outcome.drafts) drafts.push({ draft, note })
  }

  const imageNames = new Set(
    drafts.flatMap(({ draft }) => imageNamesIn(`${draft.promptHtml}\n${draft.answerHtml}`)),
  )
  const media = planMedia(sqlite, learnerId, pkg, imageNames, limits)
  const mediaUrl = (name: string) => {
    const found = media.get(name)
    return found ? `${MEDIA_ROUTE}${found.id}` : null
  }

  const reviewsByCard = new Map<number, AnkiReview[]>()
  for (const review of collection.reviews) {
    if (!isRecall(review)) continue
    const list = reviewsByCard.get(review.cardId) ?? []
    list.push(review)
    reviewsByCard.set(review.cardId, list)
  }

  const cards: PlannedCard[] = []
  const reported = new Set<number>()
  for (const { draft, note } of drafts) {
    const content = contentOf(draft, note, mediaUrl)
    const title = content.title ?? titleOf(draft.promptHtml, draft.variant, draft.noteId)
    const checked = ownCardSchema.safeParse({
      id: 'anki-card',
      title,
      deck: draft.deckName,
      format: content.format,
      prompt: content.prompt,
      points: content.points,
      answerMarkdown: content.answer,
    })
    if (!checked.success) {
      const issue = checked.error.issues[0]
      if (!reported.has(note.id))
        skipped.push({
          noteId: noteIdFor(note),
          reason: `its ${fieldName(issue?.path[0])} is refused: ${issue?.message ?? 'not valid'}`,
        })
      reported.add(note.id)
      continue
    }
    cards.push({
      draft,
      title: checked.data.title,
      deckName: checked.data.deck,
      deckSlug: slugify(checked.data.deck),
      format: checked.data.format,
      prompt: checked.data.prompt,
      answer: checked.data.answerMarkdown.trim(),
      points: checked.data.points,
      payloadCardId: content.payloadCardId,
      sourceHash: sha256(JSON.stringify([draft.deckName, draft.promptHtml, draft.answerHtml, note.data])),
      reviews: draft.ankiCardId === null ? [] : (reviewsByCard.get(draft.ankiCardId) ?? []),
    })
  }
  const usedMedia = new Map<string, PlannedMedia>()
  for (const item of media.values()) usedMedia.set(item.id, item)
  return { cards, media: [...usedMedia.values()], skipped }
}
