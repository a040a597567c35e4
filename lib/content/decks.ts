// The built-in topic decks (issue 47), in teaching order: foundations before the designs
// that use them, the idempotency deck first (its idempotency-keys card is a new learner's
// first card). The one reviewable list of built-in deck ids and titles: a card file's
// `deck:` must name one of them (validateDeck), the deck registry lists them in this order
// with a switch each on /settings, and the review queue introduces new cards deck by deck
// in this order, then by each card's `order:` within its deck.

export interface BuiltInDeck {
  /** The value of `deck:` in a card file. */
  id: string
  /** Shown on /settings (the deck's switch), /stats, /cards and the Anki export. */
  title: string
}

export const BUILT_IN_DECKS = [
  // "Idempotency keys": the switch's label since the first deck (e2e specs find it by it).
  { id: 'idempotency', title: 'Idempotency keys' },
  { id: 'estimation', title: 'Estimation and latency numbers' },
  { id: 'caching', title: 'Caching' },
  { id: 'cdn', title: 'CDNs' },
  { id: 'load-balancing', title: 'Load balancing' },
  { id: 'consistent-hashing', title: 'Consistent hashing' },
  { id: 'partitioning', title: 'Partitioning and hot keys' },
  { id: 'replication', title: 'Replication and lag anomalies' },
  { id: 'consensus', title: 'Consensus, leader election and leases' },
  { id: 'transactions', title: 'Transactions and isolation' },
  { id: 'storage-engines', title: 'Storage engines and indexes' },
  { id: 'queues', title: 'Queues and logs' },
  { id: 'rate-limiting', title: 'Rate limiting' },
  { id: 'resilience', title: 'Resilience' },
  { id: 'consistency', title: 'Consistency models' },
  { id: 'designs', title: 'Whole designs' },
] as const satisfies readonly BuiltInDeck[]

export type BuiltInDeckId = (typeof BUILT_IN_DECKS)[number]['id']

const positionById = new Map<string, number>(BUILT_IN_DECKS.map((deck, i) => [deck.id, i]))

/** The deck's place in teaching order, or undefined for an id that is not a built-in deck. */
export function builtInDeckPosition(deckId: string): number | undefined {
  return positionById.get(deckId)
}

export function builtInDeckTitle(deckId: string): string | undefined {
  const position = positionById.get(deckId)
  return position === undefined ? undefined : BUILT_IN_DECKS[position]?.title
}
