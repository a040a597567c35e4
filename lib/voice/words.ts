// The words the in-page command recognizer listens for, with their CMUdict pronunciations (from the
// dictionary inside the soundswallower package, so the 3 MB dictionary itself is never shipped).
//
// The grade is said as a number or as Anki's word for it (one or again, two or hard, three or good, four or
// easy). Words a learner says that are none of the commands land on a decoy and are asked again, never guessed.
// Which decoys, and why these: the earlier list less "hello" (it took "good", "four" and "hard" from the
// grade words), plus "and", "really" and "thing", the first picks of a greedy search on half of bench/voice's
// voices (the other half held out) that weighed the unclear words a decoy caught against the grade words it stole.
import type { GradeRating } from '@/lib/srs/rubric'

/** Said when the answer is over (as well as silence or Space). */
export const DONE_WORD = 'done'

export const GRADE_WORDS: Readonly<Record<string, GradeRating>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  again: 1,
  hard: 2,
  good: 3,
  easy: 4,
}

export type ControlWord = 'repeat' | 'skip' | 'stop' | 'answer'
export const CONTROL_WORDS: readonly ControlWord[] = ['repeat', 'skip', 'stop', 'answer']

/**
 * Words that are none of the commands: the grammar has to put an utterance somewhere, and an utterance
 * that is not a command should land here rather than on "two". Chosen far from the commands' sounds.
 */
export const DECOY_WORDS = [
  'yes',
  'and',
  'really',
  'thing',
  'sorry',
  'please',
  'maybe',
  'well',
  'the',
  'like',
  'coffee',
]

export const PRONUNCIATIONS: Readonly<Record<string, string>> = {
  one: 'W AH N',
  two: 'T UW',
  three: 'TH R IY',
  four: 'F AO R',
  again: 'AH G EH N',
  'again(2)': 'AH G EY N',
  hard: 'HH AA R D',
  good: 'G UH D',
  easy: 'IY Z IY',
  repeat: 'R IH P IY T',
  skip: 'S K IH P',
  stop: 'S T AA P',
  // espeak-ng's and many speakers' "stop" (the rounded vowel), which otherwise lands on a decoy.
  'stop(2)': 'S T AO P',
  answer: 'AE N S ER',
  done: 'D AH N',
  yes: 'Y EH S',
  really: 'R IH L IY',
  thing: 'TH IH NG',
  sorry: 'S AA R IY',
  please: 'P L IY Z',
  maybe: 'M EY B IY',
  well: 'W EH L',
  the: 'DH AH',
  and: 'AH N D',
  like: 'L AY K',
  coffee: 'K AA F IY',
}

/** The dictionary file the decoder loads: one `word PHONES` line per word. */
export function dictionaryText(): string {
  return Object.entries(PRONUNCIATIONS)
    .map(([word, phones]) => `${word} ${phones}`)
    .join('\n')
    .concat('\n')
}

/** What the recognizer listens for in each step of the loop. */
export type ListeningFor = 'grade' | 'answer-end'

export function grammarFor(listening: ListeningFor): string {
  const commands =
    listening === 'grade' ? [...Object.keys(GRADE_WORDS), ...CONTROL_WORDS] : [DONE_WORD, 'stop']
  return `#JSGF V1.0;\ngrammar drill;\npublic <said> = ${[...commands, ...DECOY_WORDS].join(' | ')};\n`
}
