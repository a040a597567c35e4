// What a recognized utterance means in the hands-free loop. The recognizer's text is one grammar word
// (or nothing); anything that is not a command for this step — a decoy, silence, a word of the other
// step — is `unclear`, and the loop asks again rather than guess.
import type { GradeRating } from '@/lib/srs/rubric'
import { CONTROL_WORDS, type ControlWord, DONE_WORD, GRADE_WORDS, type ListeningFor } from './words'

export type Command =
  | { kind: 'grade'; rating: GradeRating; word: string }
  | { kind: ControlWord; word: string }
  | { kind: 'done'; word: string }
  | { kind: 'unclear'; word: string }

export function commandOf(text: string, listening: ListeningFor): Command {
  const word = text.trim().toLowerCase().split(/\s+/)[0] ?? ''
  if (listening === 'grade') {
    const rating = GRADE_WORDS[word]
    if (rating) return { kind: 'grade', rating, word }
    if ((CONTROL_WORDS as readonly string[]).includes(word)) return { kind: word as ControlWord, word }
  } else if (word === DONE_WORD) return { kind: 'done', word }
  else if (word === 'stop') return { kind: 'stop', word }
  return { kind: 'unclear', word }
}
