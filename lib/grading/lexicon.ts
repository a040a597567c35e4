// The little words that carry negation, order and hypotheticals; the field's words (synonym classes a rubric
// phrase names with `@class`) live in thesaurus.ts, once for every card.
import { THESAURUS } from './thesaurus'

/** The thesaurus's entries as the `@class` lists a rubric phrase names (thesaurus.ts). */
export const CLASSES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(THESAURUS).map(([name, entry]) => [name, entry.say]),
)

/** Words that deny what follows them in the same clause. */
export const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'without',
  'nor',
  'neither',
  'nothing',
  'none',
  'nobody',
])
/** Two-word negators ("instead of charging", "rather than a select"). */
export const NEGATOR_PAIRS: readonly (readonly [string, string])[] = [
  ['instead', 'of'],
  ['rather', 'than'],
  ['no', 'need'],
  ['not', 'need'],
]

/** Connectives a phrase's filler words may not cross, and that end a negation's reach. */
export const BARRIERS = new Set([
  'then',
  'and',
  'but',
  'or',
  'so',
  'because',
  'before',
  'after',
  'once',
  'when',
  'while',
  'until',
  'if',
  'since',
  'which',
  'otherwise',
  'though',
  'although',
  'unless',
])

/** Between two steps: the later one in the text happens later. */
export const FORWARD = new Set([
  'then',
  'next',
  'afterwards',
  'afterward',
  'later',
  'subsequently',
  'finally',
  'before',
])
/** Just before the later step ("… after we charge"): the later one in the text happened earlier. */
export const REVERSE = new Set(['after', 'once', 'when', 'until', 'following', 'whenever'])
/** "once" as "one time", not "as soon as", when followed by one of these (or nothing). */
export const ONCE_AS_COUNT_NEXT = new Set([
  'and',
  'then',
  'or',
  'per',
  'only',
  'again',
  'more',
  'for',
  'at',
  'in',
  'exactly',
])

/**
 * Words that turn the sentence around them into a hypothetical or a warning ("swap them and…", "the
 * classic mistake is…"): a wrong design told there is explained, not proposed.
 */
export const HYPOTHETICAL = [
  'swap',
  'swapped',
  'swapping',
  'swaps',
  'reverse',
  'reversed',
  'other way round',
  'other way around',
  'trade places',
  'switch places',
  'mistake',
  'wrong',
  'bug',
  'naive',
  'broken',
  'danger',
  'dangerous',
  'trap',
  'pitfall',
  'suppose',
  'imagine',
  'had we',
  'if we had',
  'if you',
  'otherwise',
  'would double charge',
  'would charge twice',
  'would be charged twice',
  'would charge again',
  'risk',
  'risks',
  'classic gap',
  'anti pattern',
  'antipattern',
  // "flip" only where it turns the order around: "flip the row back to new" is a step of a design.
  'flip them',
  'flip those',
  'flip the order',
  'flip the steps',
  'flip it around',
  'flip it round',
  'flipped around',
  'flipped round',
  'flipped the order',
  'order flipped',
  'flip the two',
  'tempting',
  'some teams',
  'some people',
  'people like to',
  'i have seen designs',
  'must not do',
  'rubbish',
  'what not to do',
  'if there were',
  'if there was',
]

/** Words after a hypothetical that bring the answer back to the design it proposes. */
export const BACK_TO_DESIGN = [
  'instead',
  'so we',
  'that is why',
  'which is why',
  'in our design',
  'the fix',
  'correct',
  'right way',
]
