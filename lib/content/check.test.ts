// The content check's refusals (scripts/check-content.ts runs contentProblems before every
// build): a built-in card without sources, a point the grader does not hear from its own text
// (with a rubric or without one), a critical point with no wrong design in the corpus. And the
// real content passes.
import { describe, expect, test } from 'vitest'
import { allCards } from './cards'
import { contentProblems } from './check'
import { loadCorpus } from './grading-corpus'
import { type Card, cardFrontmatterSchema } from './schema'

const SOURCE = {
  title: 'Designing Data-Intensive Applications, ch. 5',
  where: "Martin Kleppmann, O'Reilly, 2017",
}

function cardOf(fields: Record<string, unknown>): Card {
  const frontmatter = cardFrontmatterSchema.parse({
    id: 'read-your-writes',
    title: 'Read your writes',
    deck: 'replication',
    prompt: 'A user edits a profile and reloads it. Why might the edit vanish, and how do you stop that?',
    order: 0,
    sources: [SOURCE],
    points: [
      {
        id: 'lagging-follower',
        text: 'A read served by a lagging follower can miss the write the user just made.',
        critical: true,
        cues: ['lagging follower', 'replication lag'],
        rubric: {
          concepts: {
            follower: ['follower', 'replica'],
            lag: ['lag', 'behind', 'stale'],
            any: ['any replica is current'],
          },
          heard: [{ all: ['follower', 'lag'] }],
          wrong: [{ all: ['any'], says: 'A follower is not always current.', flaw: null }],
        },
      },
      {
        id: 'read-from-leader',
        text: 'Read what the user may have changed from the leader.',
        critical: false,
        cues: ['from the leader'],
      },
    ],
    ...fields,
  })
  return { ...frontmatter, answerMarkdown: 'A model answer.', file: 'content/cards/read-your-writes.md' }
}

const WRONG_DESIGN = { card: 'read-your-writes', contradictions: [{ point: 'lagging-follower' }] }

describe('the content check', () => {
  test('a card with sources, points heard from their text and a wrong design of its critical point passes', () => {
    expect(contentProblems([cardOf({})], [WRONG_DESIGN])).toEqual([])
  })

  test('refuses a built-in card without sources, naming the file and the field', () => {
    expect(contentProblems([cardOf({ sources: [] })], [WRONG_DESIGN])).toEqual([
      'content/cards/read-your-writes.md: field "sources": a built-in card names the public sources of its facts',
    ])
  })

  test("refuses a rubric that does not hear its own point's text", () => {
    const card = cardOf({})
    const [critical, other] = card.points
    const deaf = {
      ...critical!,
      rubric: { ...critical!.rubric!, concepts: { ...critical!.rubric!.concepts, lag: ['quorum'] } },
    }
    expect(contentProblems([{ ...card, points: [deaf, other!] }], [WRONG_DESIGN])).toEqual([
      `content/cards/read-your-writes.md: field "points.0.rubric": does not hear the point's own text`,
    ])
  })

  test('refuses a point without a rubric whose text and cues the grader does not hear', () => {
    const card = cardOf({})
    const [critical, other] = card.points
    const unheard = {
      ...other!,
      text: 'It is what it is, and that is all there is to it.',
      cues: ['monotonic'],
    }
    const problems = contentProblems([{ ...card, points: [critical!, unheard] }], [WRONG_DESIGN])
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/read-your-writes\.md: field "points\.1\.text": the grader does not hear/)
  })

  test('refuses a critical point with no wrong design of it in the corpus', () => {
    const elsewhere = { card: 'another-card', contradictions: [{ point: 'lagging-follower' }] }
    const otherPoint = { card: 'read-your-writes', contradictions: [{ point: 'read-from-leader' }] }
    expect(contentProblems([cardOf({})], [elsewhere, otherPoint])).toEqual([
      'content/cards/read-your-writes.md: field "points.0": critical point "lagging-follower" has no wrong design in content/grading (add an answer whose contradictions name it)',
    ])
  })

  test('a card with no critical point needs no wrong design', () => {
    const card = cardOf({})
    const points = card.points.map((point) => ({ ...point, critical: false }))
    expect(contentProblems([{ ...card, points }], [])).toEqual([])
  })

  test('every built-in card passes (what npm run build checks)', () => {
    expect(contentProblems(allCards(), loadCorpus())).toEqual([])
  })
})
