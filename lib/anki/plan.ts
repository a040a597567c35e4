// From a read package to what the import will write, before anything is written:
// the cards (content sanitized, images pointed at Drill's media route, titles,
// decks), the images to store and the notes skipped with their reason — one chunk
// of the package's notes at a time (lib/anki/import.ts), in three steps:
// `prepareImport` (the chunk's notes and images, no database), `readMediaFacts`
// (what the learner already stores) and `planFrom` (both → the plan, no database).
import { createHash } from 'node:crypto'
import { mediaQueries } from '@/db/queries/media'
import type { OwnCardPointRecord } from '@/db/queries/own-cards'
import type { Db } from '@/db/sql/db'
import { htmlToText } from '@/lib/content/markdown'
import { type CardFormat, ownCardSchema, slugify } from '@/lib/content/schema'
import { type CardDraft, draftsOfNote } from './cards-of-note'
import { drillNoteFields, readDrillPayload, splitDrillBack, unwrapAnswer } from './drill-notes'
import { fieldToStoredHtml, imageNamesIn } from './field-html'
import { isRecall } from './history'
import type { AnkiLimits } from './limits'
import { imageTypeOf } from './media-types'
import type { AnkiCard, AnkiNote, AnkiNoteChunk, AnkiReview } from './model'
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

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

function fieldName(key: PropertyKey | undefined): string {
  return key === 'answerMarkdown' ? 'answer' : key === undefined ? 'content' : String(key)
}

/** From the field as Anki has it (no notes of ours, no sound tags). */
function titleOf(promptHtml: string, variant: string, noteId: number): string {
  // A folded hint (`{{hint:Field}}`) is not the question.
  const text = htmlToText(
    promptHtml.replace(/\[sound:[^\]]*\]/g, '').replace(/<details\b[\s\S]*?<\/details>/gi, ''),
  )
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
  const notice = draft.notice === null ? '' : `<p><em>${escapeText(draft.notice)}</em></p>\n`
  const prompt = fieldToStoredHtml(`${notice}${draft.promptHtml}`, mediaUrl)
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

/** An image the cards name, read from the package and checked (bytes that are no image are left out). */
interface PackageImage {
  name: string
  bytes: Uint8Array
  sha256: string
  mimeType: string
}

/** What the learner already stores that the plan depends on: room left, and which images are there. */
export interface MediaFacts {
  usedBytes: number
  /** sha256 → the id of the learner's stored image with those bytes. */
  storedIdBySha: ReadonlyMap<string, string>
}

/** The package read and checked, before any database read. */
export interface PreparedImport {
  drafts: { draft: CardDraft; note: AnkiNote }[]
  skipped: SkippedNote[]
  images: PackageImage[]
  reviewsByCard: Map<number, AnkiReview[]>
  noteIdFor: (note: AnkiNote) => number
}

function readImages(pkg: AnkiPackage, names: ReadonlySet<string>, limits: AnkiLimits): PackageImage[] {
  const images: PackageImage[] = []
  if (names.size === 0) return images
  for (const [name, bytes] of pkg.readMedia(names, limits.imageBytes)) {
    // Over 5 MB, or not really an image: left out (the card keeps its text).
    if (!bytes) continue
    const mimeType = imageTypeOf(bytes)
    if (!mimeType) continue
    images.push({ name, bytes, sha256: sha256(bytes), mimeType })
  }
  return images
}

export async function readMediaFacts(
  db: Db,
  learnerId: string,
  prepared: PreparedImport,
): Promise<MediaFacts> {
  const storedIdBySha = new Map<string, string>()
  if (prepared.images.length === 0) return { usedBytes: 0, storedIdBySha }
  const q = mediaQueries(db)
  for (const sha of new Set(prepared.images.map((image) => image.sha256))) {
    const stored = await q.getMediaByLearnerAndSha256({ learnerId, sha256: sha })
    if (stored) storedIdBySha.set(sha, stored.id)
  }
  return { usedBytes: await q.sumMediaBytesByLearnerId(learnerId), storedIdBySha }
}

function planMedia(
  images: readonly PackageImage[],
  facts: MediaFacts,
  limits: AnkiLimits,
): Map<string, PlannedMedia> {
  const accepted = new Map<string, PlannedMedia>()
  let roomBytes = limits.mediaBytesPerLearner - facts.usedBytes
  const bySha = new Map<string, PlannedMedia>()
  for (const { name, bytes, sha256: hash, mimeType } of images) {
    const seen = bySha.get(hash)
    if (seen) {
      accepted.set(name, seen)
      continue
    }
    const storedId = facts.storedIdBySha.get(hash)
    if (storedId === undefined && bytes.byteLength > roomBytes) continue
    const media: PlannedMedia = {
      id: storedId ?? hash.slice(0, 32),
      name,
      sha256: hash,
      mimeType,
      bytes,
      isNew: storedId === undefined,
    }
    if (media.isNew) roomBytes -= bytes.byteLength
    bySha.set(hash, media)
    accepted.set(name, media)
  }
  return accepted
}

/** One chunk of the package's notes with their cards, reviews and images, read and checked without the database. */
export function prepareImport(pkg: AnkiPackage, chunk: AnkiNoteChunk, limits: AnkiLimits): PreparedImport {
  const { collection, lineOf } = pkg
  const skipped: SkippedNote[] = []
  const noteIdFor = (note: AnkiNote) => lineOf?.get(note.id) ?? note.id
  const cardsByNote = new Map<number, AnkiCard[]>()
  for (const card of chunk.cards ?? []) {
    const list = cardsByNote.get(card.noteId) ?? []
    list.push(card)
    cardsByNote.set(card.noteId, list)
  }
  const deckOf = (deckId: number | undefined) => {
    const anki = (deckId === undefined ? undefined : collection.decks.get(deckId)) ?? 'Default'
    return { drill: drillDeckName(anki), anki }
  }

  const drafts: { draft: CardDraft; note: AnkiNote }[] = []
  for (const note of chunk.notes) {
    const outcome = draftsOfNote(
      note,
      collection.noteTypes.get(note.noteTypeId),
      chunk.cards ? (cardsByNote.get(note.id) ?? []) : null,
      (card) => deckOf(card ? card.deckId : collection.deckOfNote?.get(note.id)),
    )
    if (outcome.skipped) skipped.push({ noteId: noteIdFor(note), reason: outcome.skipped })
    for (const draft of outcome.drafts) drafts.push({ draft, note })
  }

  const imageNames = new Set(
    drafts.flatMap(({ draft }) => imageNamesIn(`${draft.promptHtml}\n${draft.answerHtml}`)),
  )
  const images = readImages(pkg, imageNames, limits)

  const reviewsByCard = new Map<number, AnkiReview[]>()
  for (const review of chunk.reviews) {
    if (!isRecall(review)) continue
    const list = reviewsByCard.get(review.cardId) ?? []
    list.push(review)
    reviewsByCard.set(review.cardId, list)
  }
  return { drafts, skipped, images, reviewsByCard, noteIdFor }
}

/** What the import will write, given the package and what the learner already stores (no database). */
export function planFrom(prepared: PreparedImport, facts: MediaFacts, limits: AnkiLimits): ImportPlan {
  const { drafts, reviewsByCard, noteIdFor } = prepared
  const skipped = [...prepared.skipped]
  const media = planMedia(prepared.images, facts, limits)
  const mediaUrl = (name: string) => {
    const found = media.get(name)
    return found ? `${MEDIA_ROUTE}${found.id}` : null
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
      sourceHash: sha256(
        JSON.stringify([
          draft.deckName,
          draft.promptHtml,
          draft.answerHtml,
          note.data,
          // Only when there is one: cards imported before notices keep their hash.
          ...(draft.notice === null ? [] : [draft.notice]),
        ]),
      ),
      reviews: draft.ankiCardId === null ? [] : (reviewsByCard.get(draft.ankiCardId) ?? []),
    })
  }
  const usedMedia = new Map<string, PlannedMedia>()
  for (const item of media.values()) usedMedia.set(item.id, item)
  return { cards, media: [...usedMedia.values()], skipped }
}
