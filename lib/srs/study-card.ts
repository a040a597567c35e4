// The slice of a card the study rules read: its id and its points. Every deck's
// card (built-in, own, drill) has at least this; the rules never ask which deck.

export interface StudyPoint {
  id: string
  text: string
  critical: boolean
}

export interface StudyCard {
  id: string
  points: readonly StudyPoint[]
}
