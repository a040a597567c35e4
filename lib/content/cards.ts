// Loads and validates every card in content/cards (Markdown + YAML frontmatter).
// Plain Node: used by pages, lib/decks, scripts and tests alike.
import fs from 'node:fs'
import path from 'node:path'
import matter from 'gray-matter'
import type { z } from 'zod'
import { builtInDeckPosition } from './decks'
import { type Card, cardFrontmatterSchema } from './schema'

export const cardsDir = path.join(process.cwd(), 'content', 'cards')

export class ContentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ContentError'
  }
}

function describeIssues(file: string, issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => `${file}: field "${issue.path.join('.') || '(frontmatter)'}": ${issue.message}`)
    .join('\n')
}

/** Parses one card file; throws a ContentError naming the file and the field. */
export function parseCardFile(file: string, source: string): Card {
  let parsed: matter.GrayMatterFile<string>
  try {
    // Pass options so gray-matter skips its module cache: it caches a source before parsing it, so a
    // second parse of the same broken file would return empty data instead of the YAML error.
    parsed = matter(source, {})
  } catch (error) {
    throw new ContentError(`${file}: frontmatter is not valid YAML: ${(error as Error).message}`)
  }
  const result = cardFrontmatterSchema.safeParse(parsed.data)
  if (!result.success) throw new ContentError(describeIssues(file, result.error.issues))
  const answerMarkdown = parsed.content.trim()
  if (answerMarkdown.length < 40)
    throw new ContentError(`${file}: field "body": the model answer is missing or too short`)
  const expectedName = `${result.data.id}.md`
  if (path.basename(file) !== expectedName)
    throw new ContentError(
      `${file}: field "id": "${result.data.id}" must match the file name (${expectedName})`,
    )
  return { ...result.data, answerMarkdown, file }
}

/**
 * Cross-card checks: unique ids, a deck of lib/content/decks.ts, follow-ups that exist, `deepens`
 * naming a point of a card it follows up.
 */
export function validateDeck(cards: Card[]): void {
  const byId = new Map<string, Card>()
  for (const card of cards) {
    if (byId.has(card.id)) throw new ContentError(`${card.file}: field "id": "${card.id}" is used twice`)
    byId.set(card.id, card)
    if (builtInDeckPosition(card.deck) === undefined)
      throw new ContentError(
        `${card.file}: field "deck": "${card.deck}" is not a built-in deck (add it to lib/content/decks.ts)`,
      )
  }
  for (const card of cards) {
    for (const followUp of card.followUps) {
      if (!byId.has(followUp))
        throw new ContentError(`${card.file}: field "followUps": no card has id "${followUp}"`)
    }
  }
  for (const card of cards) checkDeepens(card, cards)
}

/** Each id a follow-up deepens is a point of a card that lists it among its follow-ups. */
function checkDeepens(card: Card, cards: readonly Card[]): void {
  const followed = cards.filter((other) => other.followUps.includes(card.id))
  const pointIds = new Set(followed.flatMap((other) => other.points.map((p) => p.id)))
  for (const id of card.deepens)
    if (!pointIds.has(id))
      throw new ContentError(
        `${card.file}: field "deepens": "${id}" is not a point of a card that has "${card.id}" as a follow-up`,
      )
}

export function loadCardsFrom(dir: string): Card[] {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
  const cards = files.map((name) =>
    parseCardFile(
      path.join(path.relative(process.cwd(), dir), name),
      fs.readFileSync(path.join(dir, name), 'utf8'),
    ),
  )
  validateDeck(cards)
  return cards.sort(inTeachingOrder)
}

/** Deck by deck in lib/content/decks.ts' order, then by `order:` within the deck. */
function inTeachingOrder(a: Card, b: Card): number {
  const deck = (builtInDeckPosition(a.deck) ?? 0) - (builtInDeckPosition(b.deck) ?? 0)
  return deck || a.order - b.order || a.id.localeCompare(b.id)
}

let cached: Card[] | undefined

/** All cards, in teaching order (deck order, then `order:`). Cached per process (content only changes with a deploy). */
export function allCards(): Card[] {
  if (!cached) cached = loadCardsFrom(cardsDir)
  return cached
}

export function cardById(id: string): Card | undefined {
  return allCards().find((card) => card.id === id)
}
