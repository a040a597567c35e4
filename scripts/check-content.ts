// Validates every content file before a build (and in `npm test` via the unit
// tests): a malformed card stops the build with a message naming file and field.
// Beyond the schema (lib/content/check.ts): each built-in card names its sources, the
// grader hears each point's own text (through its rubric, or its text and cues), and each
// critical point has a wrong design of it in the labelled corpus (content/grading).
import { allCards, ContentError } from '@/lib/content/cards'
import { contentProblems } from '@/lib/content/check'
import { loadCorpus } from '@/lib/content/grading-corpus'

try {
  const cards = allCards()
  const problems = contentProblems(cards, loadCorpus())
  if (problems.length > 0) throw new ContentError(problems.join('\n'))
  const deepening = cards.filter((card) => card.deepens.length > 0).length
  const decks = new Set(cards.map((card) => card.deck)).size
  console.log(
    `content: ${cards.length} cards in ${decks} decks valid, each names its sources, every point is heard from its own text, every critical point has a wrong design in the corpus, ${deepening} follow-ups say which points they deepen`,
  )
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`content error:\n${error.message}`)
    process.exit(1)
  }
  throw error
}
