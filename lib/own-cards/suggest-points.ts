// "Suggest points" on a card's edit page: the answer's top-level list items become
// the card's points (3 to 7 of them), so a plain card (say, from Anki) can be graded
// point by point from then on. Markdown is read with marked's lexer, HTML with
// htmlparser2; nested lists stay inside their item's text.
import { Parser } from 'htmlparser2'
import { marked, type Tokens } from 'marked'
import { OWN_CARD_LIMITS } from '@/lib/content/schema'

export type PointSuggestion = { kind: 'points'; texts: string[] } | { kind: 'too-few'; found: number }

const MAX_POINT_CHARS = 400

function clean(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > MAX_POINT_CHARS ? `${flat.slice(0, MAX_POINT_CHARS - 1).trimEnd()}…` : flat
}

function markdownItems(markdown: string): string[] {
  return marked
    .lexer(markdown)
    .filter((token): token is Tokens.List => token.type === 'list')
    .flatMap((list) => list.items.map((item) => item.text.split('\n')[0] ?? ''))
    .map((text) => clean(text.replace(/[*_`~]/g, '')))
}

function htmlItems(html: string): string[] {
  const items: string[] = []
  let listDepth = 0
  let current: string | null = null
  let nestedInItem = 0
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'ul' || name === 'ol') {
          listDepth++
          if (current !== null) nestedInItem++
        } else if (name === 'li' && listDepth === 1 && current === null) current = ''
        else if (name === 'br' && current !== null && nestedInItem === 0) current += ' '
      },
      ontext(text) {
        if (current !== null && nestedInItem === 0) current += text
      },
      onclosetag(name) {
        if (name === 'ul' || name === 'ol') {
          listDepth--
          if (current !== null && nestedInItem > 0) nestedInItem--
        } else if (name === 'li' && listDepth === 1 && current !== null) {
          items.push(clean(current))
          current = null
        }
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  return items
}

/** The answer's top-level list items as point texts; fewer than 3 is not enough to grade by. */
export function suggestPoints(answer: string, format: 'markdown' | 'html'): PointSuggestion {
  const texts = (format === 'html' ? htmlItems(answer) : markdownItems(answer)).filter(
    (text) => text.length >= 3,
  )
  if (texts.length < OWN_CARD_LIMITS.minPoints) return { kind: 'too-few', found: texts.length }
  return { kind: 'points', texts: texts.slice(0, OWN_CARD_LIMITS.maxPoints) }
}
