// ts-fsrs's memory model (FSRSAlgorithm.next_state and forgetting_curve, FSRS-6) as
// plain closures over the parameters ts-fsrs has checked and clipped. The
// simulation takes hundreds of thousands of steps; ts-fsrs's algorithm object
// reads every weight through a Proxy (~2.4 µs a step here), this twin does the same
// arithmetic, rounding included, in a fraction of that. fsrs-step.test.ts holds it
// equal to ts-fsrs over random states, ratings and intervals.
import { default_w, FSRSAlgorithm, S_MAX, S_MIN } from 'ts-fsrs'

export interface Memory {
  stability: number
  difficulty: number
}

export interface FsrsStep {
  /** Retrievability after `elapsedDays` at `stability` (ts-fsrs forgetting_curve). */
  recall(elapsedDays: number, stability: number): number
  /** The memory after a review with `rating` (1–4) `elapsedDays` after the last; null memory: first sight. */
  next(memory: Memory | null, elapsedDays: number, rating: number, recall: number): Memory
  /** Days until recall falls to `retention` (ts-fsrs next_interval without fuzz, at least 1). */
  intervalDays(stability: number, retention: number): number
  /** The parameters ts-fsrs settled on (migrated, clipped). */
  parameters: readonly number[]
}

const roundTo8 = (x: number) => Math.round(x * 1e8) / 1e8
const clamp = (x: number, low: number, high: number) => Math.min(Math.max(x, low), high)

export function fsrsStep({
  parameters,
  enableShortTerm,
  maximumIntervalDays = 36_500,
}: {
  parameters: readonly number[] | null
  enableShortTerm: boolean
  maximumIntervalDays?: number
}): FsrsStep {
  const algorithm = new FSRSAlgorithm({
    w: [...(parameters ?? default_w)],
    enable_short_term: enableShortTerm,
  })
  const w = [...algorithm.parameters.w]
  const at = (i: number) => w[i] as number
  const decay = -at(20)
  const factor = roundTo8(Math.exp((1 / decay) * Math.log(0.9)) - 1)
  const initDifficulty = (g: number) => roundTo8(at(4) - Math.exp((g - 1) * at(5)) + 1)
  const easyDifficulty = initDifficulty(4)
  const modifiers = new Map<number, number>()

  const nextDifficulty = (d: number, g: number) => {
    const next = d + roundTo8((-at(6) * (g - 3) * (10 - d)) / 9)
    return clamp(roundTo8(at(7) * easyDifficulty + (1 - at(7)) * next), 1, 10)
  }

  const nextStability = (d: number, s: number, t: number, g: number, r: number) => {
    if (t === 0 && enableShortTerm) {
      const sinc = s ** -at(19) * Math.exp(at(17) * (g - 3 + at(18)))
      return roundTo8(clamp(s * (g >= 2 ? Math.max(sinc, 1) : sinc), S_MIN, S_MAX))
    }
    if (g === 1) {
      const afterFail = roundTo8(
        clamp(at(11) * d ** -at(12) * ((s + 1) ** at(13) - 1) * Math.exp((1 - r) * at(14)), S_MIN, S_MAX),
      )
      const floor = enableShortTerm ? s / Math.exp(at(17) * at(18)) : s
      return clamp(roundTo8(floor), S_MIN, afterFail)
    }
    const hardPenalty = g === 2 ? at(15) : 1
    const easyBonus = g === 4 ? at(16) : 1
    return roundTo8(
      clamp(
        s *
          (1 +
            Math.exp(at(8)) *
              (11 - d) *
              s ** -at(9) *
              (Math.exp((1 - r) * at(10)) - 1) *
              hardPenalty *
              easyBonus),
        S_MIN,
        S_MAX,
      ),
    )
  }

  return {
    parameters: w,
    recall: (elapsedDays, stability) => roundTo8((1 + (factor * elapsedDays) / stability) ** decay),
    next(memory, elapsedDays, rating, recall) {
      if (!memory)
        return { difficulty: clamp(initDifficulty(rating), 1, 10), stability: Math.max(at(rating - 1), 0.1) }
      return {
        difficulty: nextDifficulty(memory.difficulty, rating),
        stability: nextStability(memory.difficulty, memory.stability, elapsedDays, rating, recall),
      }
    },
    intervalDays(stability, retention) {
      let modifier = modifiers.get(retention)
      if (modifier === undefined) {
        modifier = roundTo8((retention ** (1 / decay) - 1) / factor)
        modifiers.set(retention, modifier)
      }
      return Math.min(Math.max(1, Math.round(stability * modifier)), maximumIntervalDays)
    },
  }
}
