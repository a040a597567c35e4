// Phrases taught on this page since it loaded: the day's cards were fetched before them, so the grader
// adds these to each card's own (day-card.ts `taught`) until the next fetch brings them from the server.
// One taught while offline is kept here too and sent again when the browser is back online (while the
// page stays open; closed before that, it is lost and can be taught again).
import type { TaughtPhrase } from '@/lib/grading'

const taught: TaughtPhrase[] = []

/** Adds the phrase, or replaces the same one (once saved, it comes back with its concept). */
export function rememberTaught(phrase: TaughtPhrase): void {
  const at = taught.findIndex((t) => sameTaught(t, phrase))
  if (at === -1) taught.push(phrase)
  else taught[at] = phrase
}

export function taughtHere(): readonly TaughtPhrase[] {
  return taught
}

export function sameTaught(a: TaughtPhrase, b: TaughtPhrase): boolean {
  return a.cardId === b.cardId && a.pointId === b.pointId && a.phrase === b.phrase
}

/** A card's phrases with the ones taught here since (no phrase twice). */
export function withTaughtHere(own: readonly TaughtPhrase[]): TaughtPhrase[] {
  return [...own, ...taught.filter((t) => !own.some((o) => sameTaught(o, t)))]
}
