// Validates every content file before a build (and in `npm test` via the unit
// tests): a malformed card stops the build with a message naming file and field.
// Each built-in point's rubric (lib/grading) is validated by the schema and must
// hear the point's own text without a contradiction.
import { allCards, ContentError } from '@/lib/content/cards'
import { suggestGrade } from '@/lib/grading'

try {
  const cards = allCards()
  const deaf = cards.flatMap((card) =>
    card.points
      .filter((point) => {
        const [verdict] = suggestGrade([point], point.text).points
        return !verdict!.heard
      })
      .map(
        (point) =>
          `${card.file}: field "points.${card.points.indexOf(point)}.rubric": does not hear the point's own text`,
      ),
  )
  if (deaf.length > 0) throw new ContentError(deaf.join('\n'))
  const deepening = cards.filter((card) => card.deepens.length > 0).length
  console.log(
    `content: ${cards.length} cards valid, every rubric hears its own point, ${deepening} follow-ups say which points they deepen`,
  )
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`content error:\n${error.message}`)
    process.exit(1)
  }
  throw error
}
