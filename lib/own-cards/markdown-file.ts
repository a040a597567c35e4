// Own cards as Markdown files, in the content/cards format: YAML front matter
// (id, title, deck, prompt, points) and the model answer as the body. A file
// holds one card, or several cards each starting with its own front matter and
// separated by a line that is exactly `<!-- card -->`. Validated by the shared
// card schema; an error names the file, the card and the field.
import matter from 'gray-matter'
import { type OwnCard, ownCardSchema } from '@/lib/content/schema'
import { isBuiltInCardId } from '@/lib/decks'
import { type CardFileIssue, dottedPath } from './errors'

export { type CardFileIssue, describeIssue } from './errors'

export const CARD_SEPARATOR = '<!-- card -->'

export type ParseCardFilesResult = { ok: true; cards: OwnCard[] } | { ok: false; issues: CardFileIssue[] }

function chunksOf(source: string): string[] {
  return source
    .replace(/^\uFEFF/, '')
    .replaceAll('\r\n', '\n')
    .split(/^<!-- card -->[ \t]*$/m)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '')
}

function parseChunk(file: string, index: number, chunk: string): { card?: OwnCard; issues: CardFileIssue[] } {
  const at = { file, card: index + 1 }
  if (!chunk.startsWith('---'))
    return {
      issues: [{ ...at, field: '(front matter)', message: 'a card starts with a --- front matter block' }],
    }
  let parsed: matter.GrayMatterFile<string>
  try {
    // Options skip gray-matter's cache (it would return empty data for a second parse of a broken file).
    parsed = matter(chunk, {})
  } catch (error) {
    return {
      issues: [{ ...at, field: '(front matter)', message: `not valid YAML: ${(error as Error).message}` }],
    }
  }
  const data = parsed.data as Record<string, unknown>
  const cardId = typeof data.id === 'string' ? data.id : undefined
  const result = ownCardSchema.safeParse({ ...data, answerMarkdown: parsed.content.trim() })
  if (!result.success)
    return {
      issues: result.error.issues.map((issue) => ({
        ...at,
        cardId,
        field: issue.path[0] === 'answerMarkdown' ? 'body' : dottedPath(issue.path),
        message: issue.message,
      })),
    }
  if (isBuiltInCardId(result.data.id))
    return {
      issues: [{ ...at, cardId, field: 'id', message: 'is the id of a built-in card; choose another' }],
    }
  return { card: result.data, issues: [] }
}

/** Parses every file; all or nothing: any issue in any file refuses the lot. */
export function parseCardFiles(files: readonly { name: string; text: string }[]): ParseCardFilesResult {
  const cards: OwnCard[] = []
  const issues: CardFileIssue[] = []
  const seen = new Map<string, string>()
  for (const { name, text } of files) {
    const chunks = chunksOf(text)
    if (chunks.length === 0)
      issues.push({ file: name, card: 0, field: '(file)', message: 'the file has no card' })
    chunks.forEach((chunk, index) => {
      const { card, issues: found } = parseChunk(name, index, chunk)
      issues.push(...found)
      if (!card) return
      const first = seen.get(card.id)
      if (first)
        issues.push({
          file: name,
          card: index + 1,
          cardId: card.id,
          field: 'id',
          message: `"${card.id}" is used twice (first in ${first})`,
        })
      seen.set(card.id, name)
      cards.push(card)
    })
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, cards }
}

/** One card in the content/cards format: front matter, then the model answer. */
export function cardToMarkdown(card: Omit<OwnCard, 'format'> & Partial<Pick<OwnCard, 'format'>>): string {
  const frontMatter = {
    id: card.id,
    title: card.title,
    deck: card.deck,
    prompt: card.prompt,
    // Written only for cards imported from Anki, so Drill's own files read as before.
    ...(card.format === 'html' ? { format: card.format } : {}),
    points: card.points.map((point) => ({
      id: point.id,
      text: point.text,
      critical: point.critical,
      cues: point.cues,
    })),
  }
  return matter.stringify(card.answerMarkdown ? `\n${card.answerMarkdown}\n` : '', frontMatter)
}

/** Several cards in one file, separated by `<!-- card -->` lines. */
export function cardsToMarkdown(cards: readonly Parameters<typeof cardToMarkdown>[0][]): string {
  return cards.map(cardToMarkdown).join(`\n${CARD_SEPARATOR}\n\n`)
}
