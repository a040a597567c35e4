// Importing an Anki file for one learner (issues 26 and 50): open the package (unzip,
// zstd, the collection file checked: no database work), then, in ONE transaction, read,
// plan (sanitizing) and write its notes a chunk at a time — cards, images, review logs,
// card states — with progress told and Cancel heard between chunks, so memory stays the
// size of a chunk whatever the package's size. Any refusal, failure or Cancel half-way
// leaves no card, log or image behind. Idempotent:
// a card's identity is its note's guid + card ordinal (anki_card_links), a review's
// its revlog id, an image's its bytes; so the same package twice changes nothing,
// and a package whose notes were edited in Anki updates those cards, history kept.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type AnkiCardLinkRecord, ankiQueries, type CardReviewRecord } from '@/db/queries/anki'
import { ankiImportWrites } from '@/db/queries/anki-import'
import { mediaQueries } from '@/db/queries/media'
import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import { type CardStateRecord, type NewReviewLogRecord, studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { isBuiltInCardId } from '@/lib/decks/sources/built-in'
import { MAX_OWN_CARDS } from '@/lib/own-cards/service'
import { studySettingsFrom } from '@/lib/srs/settings'
import { AnkiFileError, refuserFor } from './errors'
import { attemptTokenOfRevlog, replayHistory } from './history'
import { cardIdOfAnkiCard, exportGuidOf } from './identity'
import { ANKI_LIMITS, type AnkiLimits } from './limits'
import { type AnkiPackage, readAnkiPackage } from './package'
import {
  type ImportPlan,
  type PlannedCard,
  planFrom,
  prepareImport,
  readMediaFacts,
  type SkippedNote,
} from './plan'

export interface AnkiImportSummary {
  decks: { name: string; cards: number }[]
  /** Cards of the package now in Drill (added, updated or already there). */
  cards: number
  /** Reviews of the package now in Drill's history (added or already there). */
  reviews: number
  /** Images of the package now stored for the learner. */
  media: number
  skipped: SkippedNote[]
}

export type AnkiImportResult =
  | { kind: 'imported'; summary: AnkiImportSummary }
  | { kind: 'refused'; error: AnkiFileError }
  | { kind: 'cancelled' }

function samePoints(a: OwnCardRecord['points'], b: OwnCardRecord['points']): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Which Drill card each planned card is: by link, by Drill's own export guid, else a fresh id. */
interface ResolvedCard {
  id: string
  /** Found by the guid Drill exported it under: its own link (if any) stays as it is. */
  viaExport: boolean
}

/** Gives each planned card its Drill id, chunk after chunk; no two cards of one import get the same id. */
function cardIdResolver(
  links: readonly AnkiCardLinkRecord[],
  existing: readonly OwnCardRecord[],
): (card: PlannedCard) => ResolvedCard {
  const byIdentity = new Map(links.map((link) => [`${link.guid}\x1f${link.ord}`, link.cardId]))
  const linkedIds = new Set(links.map((link) => link.cardId))
  const linkOf = new Map(links.map((link) => [link.cardId, link]))
  const byExportGuid = new Map(existing.map((card) => [exportGuidOf(card.id, linkOf.get(card.id)), card.id]))
  const taken = new Set(existing.map((card) => card.id))
  const claimed = new Set<string>()
  return (card) => {
    const { guid, ord } = card.draft
    const linked = byIdentity.get(`${guid}\x1f${ord}`)
    const exported = linked || ord !== 0 ? undefined : byExportGuid.get(guid)
    let id = linked ?? exported
    if (!id) {
      const free = (candidate: string | null) =>
        candidate !== null &&
        !taken.has(candidate) &&
        !claimed.has(candidate) &&
        !linkedIds.has(candidate) &&
        !isBuiltInCardId(candidate)
      const derived = cardIdOfAnkiCard(guid, ord)
      if (free(card.payloadCardId)) id = card.payloadCardId as string
      // The id this note always gets; a card under it without a link is this note's (say, after a transfer).
      else if (!linkedIds.has(derived) && !claimed.has(derived)) id = derived
      else {
        id = `${derived}-2`
        for (let n = 3; !free(id); n++) id = `${derived}-${n}`
      }
    }
    claimed.add(id)
    return { id, viaExport: exported !== undefined }
  }
}

/**
 * What the import reads once before writing: the learner's cards, links, reviews and states.
 * Each card of the package gets an id of its own (cardIdResolver), so none is met twice and
 * nothing here needs to follow the writes — but how many cards were added, for the cap.
 */
interface LearnerRows {
  cards: Map<string, OwnCardRecord>
  links: Map<string, AnkiCardLinkRecord>
  reviews: Map<string, Pick<CardReviewRecord, 'attemptToken' | 'rating' | 'reviewedAtMs'>[]>
  stated: Set<string>
  added: number
}

async function readLearnerRows(tx: Db, learnerId: string): Promise<LearnerRows> {
  const reviews = new Map<string, CardReviewRecord[]>()
  for (const review of await ankiQueries(tx).listReviewsByLearnerId(learnerId)) {
    const list = reviews.get(review.cardId) ?? []
    list.push(review)
    reviews.set(review.cardId, list)
  }
  return {
    cards: new Map(
      (await ownCardQueries(tx).listOwnCardsByLearnerId(learnerId)).map((card) => [card.id, card]),
    ),
    links: new Map(
      (await ankiQueries(tx).listAnkiCardLinksByLearnerId(learnerId)).map((link) => [link.cardId, link]),
    ),
    reviews,
    stated: new Set(
      (await studyQueries(tx).listCardStatesByLearnerId({ learnerId })).map((state) => state.cardId),
    ),
    added: 0,
  }
}

/** The writes, gathered while the plan is walked and stored at the end in bulk. */
interface PendingWrites {
  inserts: OwnCardRecord[]
  updates: Omit<OwnCardRecord, 'createdAtMs' | 'suspended'>[]
  suspensions: { cardId: string; suspended: boolean }[]
  links: AnkiCardLinkRecord[]
  reviews: NewReviewLogRecord[]
  states: CardStateRecord[]
  reviewCount: number
}

function writeCard(
  rows: LearnerRows,
  writes: PendingWrites,
  card: PlannedCard,
  { id: cardId, viaExport }: ResolvedCard,
  link: AnkiCardLinkRecord | undefined,
  createdAtMs: number,
): void {
  const existing = rows.cards.get(cardId)
  const incoming: OwnCardRecord = {
    id: cardId,
    title: card.title,
    deckName: card.deckName,
    deckSlug: card.deckSlug,
    prompt: card.prompt,
    points: card.points,
    answerMarkdown: card.answer,
    createdAtMs,
    updatedAtMs: createdAtMs,
    format: card.format,
    suspended: card.draft.suspended ?? false,
  }
  // Each card of the package is met once (cardIdResolver): a new one is inserted as it is, a
  // known one updated and (un)suspended as Anki has it now.
  if (!existing) {
    writes.inserts.push(incoming)
    rows.added++
  } else {
    if (link?.sourceHash !== card.sourceHash) {
      // Edited in Anki since the last import (or first met here): Anki's content wins;
      // points added in Drill stay unless the package brings its own.
      const points = card.points.length > 0 ? card.points : existing.points
      const changed =
        existing.title !== incoming.title ||
        existing.deckName !== incoming.deckName ||
        existing.prompt !== incoming.prompt ||
        existing.answerMarkdown !== incoming.answerMarkdown ||
        (existing.format ?? 'markdown') !== incoming.format ||
        !samePoints(existing.points, points)
      if (changed) {
        const { createdAtMs: _created, suspended: _suspended, ...update } = incoming
        writes.updates.push({ ...update, points })
      }
    }
    const suspended = card.draft.suspended
    if (suspended !== null && (existing.suspended ?? false) !== suspended)
      writes.suspensions.push({ cardId, suspended })
  }
  const next = {
    cardId,
    guid: card.draft.guid,
    ord: card.draft.ord,
    noteId: card.draft.noteId,
    onlyCardOfNote: card.draft.onlyCardOfNote,
    sourceHash: card.sourceHash,
  }
  if (viaExport && link) return
  if (
    !link ||
    link.sourceHash !== next.sourceHash ||
    link.noteId !== next.noteId ||
    link.onlyCardOfNote !== next.onlyCardOfNote
  )
    writes.links.push(next)
}

/** Adds the card's reviews Drill does not have yet and recomputes its state from the whole history. */
function writeHistory(
  learnerId: string,
  rows: LearnerRows,
  writes: PendingWrites,
  card: PlannedCard,
  cardId: string,
  settings: ReturnType<typeof studySettingsFrom>,
): void {
  if (card.reviews.length === 0) return
  const known = rows.reviews.get(cardId) ?? []
  const tokens = new Set(known.map((review) => review.attemptToken))
  const times = new Set(known.map((review) => review.reviewedAtMs))
  // A Drill export's revlog ids are the reviews' times: those are the same reviews.
  const fresh = card.reviews.filter(
    (review) => !tokens.has(attemptTokenOfRevlog(review.id)) && !times.has(review.id),
  )
  writes.reviewCount += card.reviews.length
  if (fresh.length === 0) return
  const freshById = new Map(fresh.map((review) => [review.id, review]))
  const history = [
    ...known.map((review) => ({ rating: review.rating, reviewedAtMs: review.reviewedAtMs, revlogId: null })),
    ...fresh.map((review) => ({ rating: review.ease, reviewedAtMs: review.id, revlogId: review.id })),
  ].sort((a, b) => a.reviewedAtMs - b.reviewedAtMs)
  const { steps, final } = replayHistory(cardId, history, settings)
  steps.forEach((step, index) => {
    const revlogId = history[index]?.revlogId
    const review = revlogId === null || revlogId === undefined ? undefined : freshById.get(revlogId)
    if (!review) return
    const attemptToken = attemptTokenOfRevlog(review.id)
    writes.reviews.push({
      learnerId,
      cardId,
      attemptToken,
      rating: step.rating,
      suggestedRating: step.rating,
      // Anki knows nothing of points: none ticked, none missed.
      pointsTicked: '[]',
      pointsAll: '[]',
      durationMs: Math.max(0, Math.min(review.durationMs, 3_600_000)),
      answerMode: 'aloud',
      stateBefore: step.before?.state ?? 0,
      reviewedAtMs: step.reviewedAtMs,
      snapshot: step.before ? JSON.stringify(step.before) : null,
      dueAfterMs: step.outcome.next.dueMs,
    })
  })
  // New in Anki stays new, unless Drill has already started the card.
  if (final && (!card.draft.isNew || rows.stated.has(cardId))) writes.states.push({ cardId, ...final })
}

function emptyWrites(): PendingWrites {
  return {
    inserts: [],
    updates: [],
    suspensions: [],
    links: [],
    reviews: [],
    states: [],
    reviewCount: 0,
  }
}

/** One chunk's writes stored, in an order that lets a later chunk update what an earlier one inserted. */
async function flushWrites(tx: Db, learnerId: string, writes: PendingWrites): Promise<void> {
  const bulk = ankiImportWrites(tx)
  await bulk.insertOwnCards(learnerId, writes.inserts)
  for (const update of writes.updates) await ownCardQueries(tx).updateOwnCard(learnerId, update)
  for (const { cardId, suspended } of writes.suspensions)
    await ankiQueries(tx).setSuspensionOfOwnCard({ learnerId, cardId, suspended })
  await bulk.saveAnkiCardLinks(learnerId, writes.links)
  await bulk.insertImportedReviewLogs(writes.reviews)
  await bulk.saveCardStates(learnerId, writes.states)
}

/** Notes read, planned and written per step: what one step holds in memory, and how often progress is told. */
export const IMPORT_CHUNK_NOTES = 1000

/** What an import has done so far, for a progress bar: the package opened, then notes imported of all. */
export type AnkiImportProgress = { phase: 'reading' } | { phase: 'writing'; done: number; total: number }

export class AnkiImportCancelled extends Error {
  constructor() {
    super('The import was cancelled.')
  }
}

/** Between two chunks: let the event loop run (progress lines leave, a cancel arrives), then stop if asked. */
async function betweenChunks(signal: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve))
  if (signal?.aborted) throw new AnkiImportCancelled()
}

interface WriteHooks {
  onProgress?: (progress: AnkiImportProgress) => void
  signal?: AbortSignal
}

/** A chunk's new images stored (the learner's images read again first: an earlier chunk may have stored the same bytes). */
async function storeMedia(tx: Db, learnerId: string, plan: ImportPlan, nowMs: number): Promise<void> {
  const media = mediaQueries(tx)
  for (const item of plan.media)
    if (item.isNew)
      await media.insertMedia({
        learnerId,
        media: {
          id: item.id,
          sha256: item.sha256,
          name: item.name,
          mimeType: item.mimeType,
          sizeBytes: item.bytes.byteLength,
        },
        bytes: item.bytes,
        createdAtMs: nowMs,
      })
}

/**
 * Inside the transaction: the learner's rows read once, then the package a chunk of notes at a
 * time — read, planned against the images stored so far, written in bulk — with progress told
 * and Cancel heard between chunks. No chunk outlives its turn: memory stays the size of a chunk
 * (and of what the learner already has), whatever the size of the package.
 */
async function writePackage(
  tx: Db,
  learnerId: string,
  pkg: AnkiPackage,
  { file, nowMs, limits }: { file: string; nowMs: number; limits: AnkiLimits },
  { onProgress, signal }: WriteHooks,
): Promise<AnkiImportSummary> {
  const rows = await readLearnerRows(tx, learnerId)
  const resolve = cardIdResolver([...rows.links.values()], [...rows.cards.values()])
  const linksBefore = new Map(rows.links)
  const settings = studySettingsFrom(await studyQueries(tx).getLearnerSettingsByLearnerId(learnerId))
  const decks = new Map<string, number>()
  const media = new Set<string>()
  const skipped: SkippedNote[] = []
  let cards = 0
  let reviewCount = 0
  let notesDone = 0
  onProgress?.({ phase: 'writing', done: 0, total: pkg.noteCount })
  for (const chunk of pkg.chunks(IMPORT_CHUNK_NOTES)) {
    const prepared = prepareImport(pkg, chunk, limits)
    const plan = planFrom(prepared, await readMediaFacts(tx, learnerId, prepared), limits)
    await storeMedia(tx, learnerId, plan, nowMs)
    const writes = emptyWrites()
    for (const card of plan.cards) {
      const resolved = resolve(card)
      writeCard(rows, writes, card, resolved, linksBefore.get(resolved.id), nowMs + cards)
      writeHistory(learnerId, rows, writes, card, resolved.id, settings)
      decks.set(card.deckName, (decks.get(card.deckName) ?? 0) + 1)
      cards++
    }
    // Checked as the cards arrive, so a package far over the cap stops at its first chunk past it.
    if (rows.added > 0 && rows.cards.size + rows.added > MAX_OWN_CARDS)
      throw refuserFor(file).overLimit(`the import would take you past ${MAX_OWN_CARDS} cards`)
    await flushWrites(tx, learnerId, writes)
    reviewCount += writes.reviewCount
    for (const item of plan.media) media.add(item.id)
    skipped.push(...plan.skipped)
    notesDone += chunk.notes.length
    onProgress?.({ phase: 'writing', done: notesDone, total: pkg.noteCount })
    await betweenChunks(signal)
  }
  return {
    decks: [...decks].map(([name, count]) => ({ name, cards: count })),
    cards,
    reviews: reviewCount,
    media: media.size,
    skipped,
  }
}

export interface AnkiImportRequest {
  learnerId: string
  /** The uploaded file on disk. */
  filePath: string
  /** Its name as the learner chose it (in every message). */
  fileName: string
  nowMs: number
  limits?: AnkiLimits
  /** Called inside the transaction before the first write (e.g. store the learner); database work only. */
  beforeWrite?: (tx: Db) => Promise<void>
  onProgress?: (progress: AnkiImportProgress) => void
  /** Aborted: the import stops at the next chunk and stores nothing. */
  signal?: AbortSignal
}

export async function importAnkiFile(db: Db, request: AnkiImportRequest): Promise<AnkiImportResult> {
  const limits = request.limits ?? ANKI_LIMITS
  const { learnerId, onProgress, signal } = request
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-anki-'))
  let pkg: AnkiPackage | null = null
  try {
    // Unzip, zstd, the collection file checked and opened: a broken file is refused before any write.
    onProgress?.({ phase: 'reading' })
    pkg = readAnkiPackage(request.filePath, request.fileName, tmpDir, limits)
    await betweenChunks(signal)
    const opened = pkg
    const summary = await db.transaction(
      async (tx) => {
        await request.beforeWrite?.(tx)
        return writePackage(
          tx,
          learnerId,
          opened,
          { file: request.fileName, nowMs: request.nowMs, limits },
          { onProgress, signal },
        )
      },
      { lockKey: learnerId },
    )
    return { kind: 'imported', summary }
  } catch (error) {
    if (error instanceof AnkiFileError) return { kind: 'refused', error }
    if (error instanceof AnkiImportCancelled) return { kind: 'cancelled' }
    throw error
  } finally {
    pkg?.close()
    fs.rmSync(tmpDir, { recursive: true, force: true })
  }
}
