// Drills as review cards: one card per drill, its points = the drill's question slots
// (stable per card), so review logs' points_ticked = the questions answered right and
// per-point misses in /stats become per-question misses.
import type { ReviewCard } from '@/lib/decks'
import { processSlot } from '@/lib/process-memory'
import { allDrills, drillCardId } from './catalogue'
import { drillSlots } from './round'
import type { Drill } from './types'

export const DRILLS_DECK_ID = 'timeline-drills'
export const DRILLS_DECK_TITLE = 'Timeline drills'

export function drillCardOf(drill: Drill): ReviewCard {
  return {
    id: drillCardId(drill.scenarioId),
    deckId: DRILLS_DECK_ID,
    title: `Drill: ${drill.title}`,
    prompt: 'Predict what the server does next on this timeline, and spot the bug where an invariant breaks.',
    answerMarkdown: drill.description,
    kind: 'drill',
    points: drillSlots(drill).map((slot) => ({ id: slot.id, text: slot.text, critical: false })),
  }
}

const cards = () =>
  processSlot('drill-cards', (): { warm?: ReviewCard[]; warming?: Promise<ReviewCard[]> } => ({}))

/**
 * Builds every drill once per process (the engine runs are async; the deck registry is
 * synchronous). The drills deck source's warm-up: lib/review awaits it before it hands
 * out the registry, so no page or use case calls it.
 */
export function warmDrillCards(): Promise<ReviewCard[]> {
  const held = cards()
  held.warming ??= allDrills().then((drills) => {
    held.warm = drills.map(drillCardOf)
    return held.warm
  })
  return held.warming
}

/** The drill cards if built (always, once warmDrillCards resolved), else none yet. */
export function drillCardsIfWarm(): ReviewCard[] {
  const held = cards()
  if (!held.warm) void warmDrillCards()
  return held.warm ?? []
}
