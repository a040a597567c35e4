// Pre-ticks the points whose cues appear in a transcript or typed answer. These are
// suggestions: the learner confirms or clears every box.

export interface CuedPoint {
  id: string
  cues: readonly string[]
}

/** Lower-case, punctuation to spaces, runs of space collapsed — so "on-conflict," matches "on conflict". */
export function normaliseAnswerText(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, ' ')
    .trim()} `
}

/** Ids of the points with at least one cue said as whole words. */
export function pointsCuedIn(points: readonly CuedPoint[], answerText: string): string[] {
  const said = normaliseAnswerText(answerText)
  if (said.trim() === '') return []
  return points
    .filter((point) => point.cues.some((cue) => said.includes(normaliseAnswerText(cue))))
    .map((point) => point.id)
}
