// Every deck source, in deck order: the idempotency deck first, then timeline
// drills, then the learner's own decks (by name). A new source is one file in
// sources/ and one line here.
import { builtInDeckSource } from './sources/built-in'
import { drillsDeckSource } from './sources/drills'
import { ownDeckSource } from './sources/own'
import type { DeckSource } from './types'

export const deckSources: readonly DeckSource[] = [builtInDeckSource, drillsDeckSource, ownDeckSource]
