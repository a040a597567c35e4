import { describe, expect, it } from 'vitest'
import { commandOf } from './commands'
import { ASK_AGAIN, confirmationOf, feedbackSentences, shortNameOf } from './feedback'
import { grammarFor } from './words'

const points = [
  { id: 'one-key-per-intent', critical: false },
  { id: 'claim-before-effect', critical: true },
  { id: 'replay-stored-response', critical: false },
]

describe('the spoken feedback', () => {
  it('says a contradiction first, then the count, the missed points by name and the grade', () => {
    const said = feedbackSentences({
      points,
      verdicts: new Map([
        [
          'claim-before-effect',
          { heard: false, contradiction: { text: 'You charged before claiming the key' } },
        ],
      ]),
      ticked: new Set(['one-key-per-intent']),
      suggested: 1,
    })
    expect(said).toBe(
      'You charged before claiming the key. You made 1 of 3 points. Missed: claim before effect and replay stored response. Suggested grade: Again, say one.',
    )
  })

  it('says nothing was missed when every point was made', () => {
    const said = feedbackSentences({
      points,
      verdicts: new Map(),
      ticked: new Set(points.map((p) => p.id)),
      suggested: 3,
    })
    expect(said).toBe('You made 3 of 3 points. Nothing missed. Suggested grade: Good, say three.')
  })

  it('names points by their ids’ words and confirms a grade by its name', () => {
    expect(shortNameOf('no-second-charge')).toBe('no second charge')
    expect(confirmationOf(4)).toBe('Saved: Easy.')
    expect(ASK_AGAIN).toMatch(/one, two, three or four, or again, hard, good or easy/)
  })
})

describe('what an utterance means', () => {
  it('hears a grade word only while listening for a grade, and never guesses a decoy', () => {
    expect(commandOf('three', 'grade')).toEqual({ kind: 'grade', rating: 3, word: 'three' })
    // Anki's words for the same four grades.
    expect(['again', 'hard', 'good', 'easy'].map((w) => commandOf(w, 'grade'))).toEqual([
      { kind: 'grade', rating: 1, word: 'again' },
      { kind: 'grade', rating: 2, word: 'hard' },
      { kind: 'grade', rating: 3, word: 'good' },
      { kind: 'grade', rating: 4, word: 'easy' },
    ])
    expect(commandOf('good', 'answer-end').kind).toBe('unclear')
    expect(commandOf('repeat', 'grade').kind).toBe('repeat')
    expect(commandOf('coffee', 'grade').kind).toBe('unclear')
    expect(commandOf('', 'grade').kind).toBe('unclear')
    expect(commandOf('three', 'answer-end').kind).toBe('unclear')
    expect(commandOf('done', 'answer-end').kind).toBe('done')
    expect(commandOf('done', 'grade').kind).toBe('unclear')
  })

  it('builds a grammar per step with the decoys beside the commands', () => {
    expect(grammarFor('grade')).toMatch(
      /one \| two \| three \| four \| again \| hard \| good \| easy \| repeat \| skip \| stop \| answer \| yes/,
    )
    expect(grammarFor('answer-end')).toMatch(/public <said> = done \| stop \| yes/)
  })
})
