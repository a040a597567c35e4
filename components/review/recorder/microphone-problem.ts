// One plain sentence for each way the microphone can fail; the review goes on either way.
export function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Microphone access was denied, so this answer is not recorded; the review goes on as usual.'
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No microphone was found, so this answer is not recorded; the review goes on as usual.'
  return 'The microphone could not start, so this answer is not recorded; the review goes on as usual.'
}
