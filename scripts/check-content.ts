// Validates every content file before a build (and in `npm test` via the unit
// tests): a malformed card stops the build with a message naming file and field.
import { allCards, ContentError } from '@/lib/content/cards'

try {
  const cards = allCards()
  console.log(`content: ${cards.length} cards valid`)
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`content error:\n${error.message}`)
    process.exit(1)
  }
  throw error
}
