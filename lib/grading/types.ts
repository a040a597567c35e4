// The grader's vocabulary: what a rubric says (written in content/cards/*.md front matter) and what a
// suggestion answers. Types only, so the content schema and client components can import them freely.

/** The sandbox's flaws (lib/engine/flaws/catalogue.ts), named where a wrong design shows one failing. */
export type FlawId =
  | 'charge-before-insert'
  | 'select-then-insert'
  | 'no-body-check'
  | 'global-scope'
  | 'no-provider-key'
  | 'split-commit'
  | 'no-lease'
  | 'serial-recovery'

export const FLAW_IDS: readonly FlawId[] = [
  'charge-before-insert',
  'select-then-insert',
  'no-body-check',
  'global-scope',
  'no-provider-key',
  'split-commit',
  'no-lease',
  'serial-recovery',
]

/** Part of the answer: `text === answer.slice(start, end)`. */
export interface EvidenceSpan {
  start: number
  end: number
  text: string
}

/** The answer stated the point's opposite. `text` says what was said wrong. */
export interface Contradiction {
  text: string
  flaw: FlawId | null
}

/**
 * One point's verdict. A heard point's evidence is what made it heard; a contradicted point is never heard
 * and its evidence is where the wrong design was said.
 */
export interface PointVerdict {
  id: string
  heard: boolean
  evidence: EvidenceSpan[]
  contradiction: Contradiction | null
}

export type SuggestedRating = 'again' | 'hard' | 'good' | 'easy'

export interface GradeSuggestion {
  points: PointVerdict[]
  suggestedRating: SuggestedRating
}

/**
 * A phrase: words matched in order on their stems, up to three filler words between two of them (never
 * across a clause break, a connective or a negation). `@name` stands for any phrase of the lexicon's class
 * `name` (lexicon.ts: `@provider` is provider, PSP, Stripe, processor, card network…). Numbers may be
 * written in digits or words alike ("24 hours" hears "twenty four hours").
 */
export type Phrase = string

/** A concept: any of its phrases, except an occurrence with one of `unless` from five words before to three after it. */
export type Concept =
  | readonly Phrase[]
  | { readonly say: readonly Phrase[]; readonly unless?: readonly Phrase[] }

/** One way to make the point: every concept in `all` said (not negated); `steps` said in this order in time. */
export interface Requirement {
  readonly all?: readonly string[]
  readonly steps?: readonly string[]
  /** `all` said close together (within a dozen words), as a wrong design always is. */
  readonly near?: boolean
  /** Not made when one of these is said within a dozen words ("replay" for a changed body is no replay). */
  readonly none?: readonly string[]
}

/**
 * A wrong design: every condition that is given holds, outside a hypothetical ("if we swapped them…",
 * "the mistake would be…"): `all` said, `steps` said in this order in time, `negated` said with a negation
 * ("keys never expire").
 */
export interface WrongDesign {
  /** Said close together (within a dozen words of each other). */
  readonly all?: readonly string[]
  readonly steps?: readonly string[]
  readonly negated?: readonly string[]
  /** One sentence to the learner: what was said wrong and why it fails. */
  readonly says: string
  readonly flaw?: FlawId | null
}

/** How a built-in card's point is heard: its concepts, the ways to make it, the wrong designs it rules out. */
export interface PointRubric {
  readonly concepts: Readonly<Record<string, Concept>>
  /** The ways to make the point; absent, the point is heard by its cues (the wrong designs still apply). */
  readonly heard?: readonly Requirement[]
  readonly wrong?: readonly WrongDesign[]
}

/**
 * A point as any deck gives it: built-in cards may carry a `rubric` (from content/cards/*.md); every point
 * has its `text` and most have `cues`. A point whose rubric has no `heard` is heard from its text and cues
 * through the thesaurus (thesaurus.ts).
 */
export interface GradablePoint {
  id: string
  critical: boolean
  /** What the point says (the learner reads it after Show answer): a point without `heard` is heard from it. */
  text?: string
  cues?: readonly string[]
  rubric?: PointRubric
}

/**
 * A phrase a learner taught the grader for one point of one card ("This is where I said it"). It hears that
 * point from then on, and any other card's point whose key concept is `concept` (`keyConceptOf`, computed
 * when the phrase is taught; null or absent: this point only).
 */
export interface TaughtPhrase {
  cardId: string
  pointId: string
  /** The learner's words, as selected in their answer (at most 300 characters are used). */
  phrase: string
  concept?: string | null
}

/** What `suggestGrade` may be told besides the points and the answer. */
export interface GradeOptions {
  /** The card graded: a phrase taught for one of its points hears that point. */
  cardId?: string
  /** The learner's taught phrases (any card's: those sharing a point's key concept hear it too). */
  taught?: readonly TaughtPhrase[]
}
