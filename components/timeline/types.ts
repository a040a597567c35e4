// What the timeline needs to know about a broken invariant (the engine's checker output
// has this shape; kept local so the drawing does not import the engine's runtime).
export interface ViolationView {
  /** 'I1' … 'I8' */
  id: string
  name: string
  /** One sentence a learner can read. */
  message: string
  /** The event that broke it, or null when no single event did. */
  eventIndex: number | null
}
