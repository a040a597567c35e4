// The sentence the Import from Anki section says after an import:
// `Imported 42 cards into "System Design" (0 reviews).`

export interface AnkiImportSummary {
  decks: { name: string; cards: number }[]
  cards: number
  reviews: number
  media: number
  skipped: { noteId: number; reason: string }[]
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function importSentence(summary: AnkiImportSummary): string {
  const names = summary.decks.map((deck) => `"${deck.name}"`)
  const into =
    names.length === 1
      ? `into ${names[0]}`
      : names.length === 0
        ? ''
        : `into ${names.length} decks: ${names.join(', ')}`
  const images = summary.media > 0 ? ` With ${plural(summary.media, 'image', 'images')}.` : ''
  const skipped =
    summary.skipped.length > 0 ? ` ${plural(summary.skipped.length, 'note was', 'notes were')} skipped:` : ''
  return `Imported ${plural(summary.cards, 'card', 'cards')}${into ? ` ${into}` : ''} (${plural(summary.reviews, 'review', 'reviews')}).${images}${skipped}`
}
