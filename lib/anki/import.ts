// Importing an Anki file for one learner (issue 26): read the package, plan the
// cards, then write cards, images, review logs and card states in ONE transaction —
// any refusal or failure half-way leaves no card, log or image behind. Idempotent:
// a card's identity is its note's guid + card ordinal (anki_card_links), a review's
// its revlog id, an image's its bytes; so the same package twice changes nothing,
// and a package whose notes were edited in Anki updates those cards, history kept.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Sqlite } from '@/db/open'
import { type AnkiCardLinkRecord, ankiQueries } from '@/db/queries/anki'
import { mediaQueries } from '@/db/queries/media'
import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import { studyQueries } from '@/db/queries/study'
import { isBuiltInCardId } from '@/lib/decks/sources/built-in'
import { MAX_OWN_CARDS } from '@/lib/own-cards/service'
import { studySettingsFrom } from '@/lib/srs/settings'
import { AnkiFileError, refuserFor } from './errors'
import { attemptTokenOfRevlog, replayHistory } from './history'
import { cardIdOfAnkiCard, exportGuidOf } from './identity'
import { ANKI_LIMITS, type AnkiLimits } from './limits'
import { readAnkiPackage } from './package'
import { type ImportPlan, type PlannedCard, planImport, type SkippedNote } from './plan'

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

function samePoints(a: OwnCardRecord['points'], b: OwnCardRecord['points']): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Which Drill card each planned card is: by link, by Drill's own export guid, else a fresh id. */
interface ResolvedCard {
  id: string
  /** Found by the guid Drill exported it under: its own link (if any) stays as it is. */
  viaExport: boolean
}

function resolveCardIds(sqlite: Sqlite, learnerId: string, plan: ImportPlan): Map<PlannedCard, ResolvedCard> {
  const own = ownCardQueries(sqlite)
  const links = ankiQueries(sqlite).listAnkiCardLinksByLearnerId(learnerId)
  const byIdentity = new Map(links.map((link) => [`${link.guid}\x1f${link.ord}`, link.cardId]))
  const linkedIds = new Set(links.map((link) => link.cardId))
  const existing = own.listOwnCardsByLearnerId(learnerId)
  const linkOf = new Map(links.map((link) => [link.cardId, link]))
  const byExportGuid = new Map(existing.map((card) => [exportGuidOf(card.id, linkOf.get(card.id)), card.id]))
  const taken = new Set(existing.map((card) => card.id))
  const ids = new Map<PlannedCard, ResolvedCard>()
  const claimed = new Set<string>()
  for (const card of plan.cards) {
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
    ids.set(card, { id, viaExport: exported !== undefined })
  }
  return ids
}

interface WriteCounts {
  reviews: number
}

function writeCard(
  sqlite: Sqlite,
  learnerId: string,
  card: PlannedCard,
  { id: cardId, viaExport }: ResolvedCard,
  link: AnkiCardLinkRecord | undefined,
  createdAtMs: number,
): void {
  const own = ownCardQueries(sqlite)
  const existing = own.getOwnCardByLearnerAndId({ learnerId, cardId })
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
  if (!existing) own.insertOwnCard(learnerId, incoming)
  else if (link?.sourceHash !== card.sourceHash) {
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
      own.updateOwnCard(learnerId, { ...update, points })
    }
  }
  const suspended = card.draft.suspended
  if (existing && suspended !== null && (existing.suspended ?? false) !== suspended)
    ankiQueries(sqlite).setSuspensionOfOwnCard({ learnerId, cardId, suspended })
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
    ankiQueries(sqlite).saveAnkiCardLink({ learnerId, link: next })
}

/** Adds the card's reviews Drill does not have yet and recomputes its state from the whole history. */
function writeHistory(
  sqlite: Sqlite,
  learnerId: string,
  card: PlannedCard,
  cardId: string,
  settings: ReturnType<typeof studySettingsFrom>,
  counts: WriteCounts,
): void {
  if (card.reviews.length === 0) return
  const study = studyQueries(sqlite)
  const known = ankiQueries(sqlite).listReviewsOfCard({ learnerId, cardId })
  const tokens = new Set(known.map((review) => review.attemptToken))
  const times = new Set(known.map((review) => review.reviewedAtMs))
  // A Drill export's revlog ids are the reviews' times: those are the same reviews.
  const fresh = card.reviews.filter(
    (review) => !tokens.has(attemptTokenOfRevlog(review.id)) && !times.has(review.id),
  )
  counts.reviews += card.reviews.length
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
    ankiQueries(sqlite).insertImportedReviewLog({
      learnerId,
      cardId,
      attemptToken: attemptTokenOfRevlog(review.id),
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
  const hasState = study.getCardStateByLearnerAndCardId({ learnerId, cardId }) !== undefined
  // New in Anki stays new, unless Drill has already started the card.
  if (final && (!card.draft.isNew || hasState)) study.saveCardState(learnerId, { cardId, ...final })
}

function writePlan(
  sqlite: Sqlite,
  learnerId: string,
  plan: ImportPlan,
  file: string,
  nowMs: number,
): AnkiImportSummary {
  const own = ownCardQueries(sqlite)
  const ids = resolveCardIds(sqlite, learnerId, plan)
  const links = new Map(
    ankiQueries(sqlite)
      .listAnkiCardLinksByLearnerId(learnerId)
      .map((link) => [link.cardId, link]),
  )
  const before = own.countOwnCardsByLearnerId(learnerId)
  const media = mediaQueries(sqlite)
  for (const item of plan.media)
    if (item.isNew)
      media.insertMedia({
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
  const settings = studySettingsFrom(studyQueries(sqlite).getLearnerSettingsByLearnerId(learnerId))
  const counts: WriteCounts = { reviews: 0 }
  const decks = new Map<string, number>()
  plan.cards.forEach((card, index) => {
    const resolved = ids.get(card) as ResolvedCard
    writeCard(sqlite, learnerId, card, resolved, links.get(resolved.id), nowMs + index)
    writeHistory(sqlite, learnerId, card, resolved.id, settings, counts)
    decks.set(card.deckName, (decks.get(card.deckName) ?? 0) + 1)
  })
  const after = own.countOwnCardsByLearnerId(learnerId)
  if (after > before && after > MAX_OWN_CARDS)
    throw refuserFor(file).overLimit(`the import would take you past ${MAX_OWN_CARDS} cards`)
  return {
    decks: [...decks].map(([name, cards]) => ({ name, cards })),
    cards: plan.cards.length,
    reviews: counts.reviews,
    media: plan.media.length,
    skipped: plan.skipped,
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
  /** Called inside the transaction before the first write (e.g. store the learner). */
  beforeWrite?: () => void
}

export function importAnkiFile(sqlite: Sqlite, request: AnkiImportRequest): AnkiImportResult {
  const limits = request.limits ?? ANKI_LIMITS
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-anki-'))
  try {
    const pkg = readAnkiPackage(request.filePath, request.fileName, tmpDir, limits)
    const write = sqlite.transaction(() => {
      request.beforeWrite?.()
      const plan = planImport(sqlite, request.learnerId, pkg, limits)
      return writePlan(sqlite, request.learnerId, plan, request.fileName, request.nowMs)
    })
    return { kind: 'imported', summary: write.immediate() }
  } catch (error) {
    if (error instanceof AnkiFileError) return { kind: 'refused', error }
    throw error
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true })
  }
}
