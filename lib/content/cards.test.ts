import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import matter from 'gray-matter'
import { afterEach, describe, expect, test } from 'vitest'
import { suggestGrade } from '@/lib/grading'
import { allCards, ContentError, cardById, cardsDir, loadCardsFrom, parseCardFile } from './cards'
import { markdownToHtml } from './markdown'
import type { Card } from './schema'

const MAIN_ID = 'idempotency-keys'
const FOLLOW_UP_IDS = [
  'in-flight-retry',
  'provider-outside-transaction',
  'unknown-outcome',
  'crash-in-progress',
  'expiry-scope-body',
  'store-before-effect-timeline',
]

function mainCard(): Card {
  const card = cardById(MAIN_ID)
  if (!card) throw new Error(`card "${MAIN_ID}" is missing from ${cardsDir}`)
  return card
}

describe('the idempotency deck in content/cards', () => {
  test('loads without errors and holds the main card and its six follow-ups, in deck order', () => {
    const cards = loadCardsFrom(cardsDir)
    const deck = cards.filter((card) => card.deck === 'idempotency')
    expect(deck.map((card) => card.id)).toEqual([MAIN_ID, ...FOLLOW_UP_IDS])
    expect(deck.map((card) => card.order)).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  test('allCards and cardById agree with a fresh load from disk', () => {
    const fresh = loadCardsFrom(cardsDir)
    expect(allCards().map((card) => card.id)).toEqual(fresh.map((card) => card.id))
    expect(cardById(MAIN_ID)?.prompt).toBe(fresh.find((card) => card.id === MAIN_ID)?.prompt)
    expect(cardById('no-such-card')).toBeUndefined()
  })

  test('the main card asks the create-payment question and has exactly the five required points', () => {
    const card = mainCard()
    expect(card.file).toBe(path.join('content', 'cards', `${MAIN_ID}.md`))
    expect(card.prompt).toMatch(/create-payment endpoint/i)
    expect(card.prompt).toMatch(/retries can never double-charge/i)
    expect(card.prompt).toMatch(/request flow/i)
    expect(card.prompt).toMatch(/edge cases/i)
    expect(card.points.map((point) => point.id)).toEqual([
      'one-key-per-intent',
      'claim-before-effect',
      'replay-stored-response',
      'reject-changed-body',
      'expiry-and-scope',
    ])
  })

  test('the main card sets a 3-minute answer target; the target is optional', () => {
    expect(mainCard().answerTargetMinutes).toBe(3)
    expect(cardById('in-flight-retry')?.answerTargetMinutes).toBeUndefined()
  })

  test('exactly one point of the main card is critical: claiming the key before the work', () => {
    const critical = mainCard().points.filter((point) => point.critical)
    expect(critical.map((point) => point.id)).toEqual(['claim-before-effect'])
  })

  test('the main card points at the six follow-ups and the two canonical timelines', () => {
    const card = mainCard()
    expect(card.followUps).toEqual(FOLLOW_UP_IDS)
    for (const id of card.followUps) expect(cardById(id), `follow-up "${id}"`).toBeDefined()
    expect(card.scenarios).toEqual(['lost-response', 'store-after-charge'])
  })

  test("the main card's points carry the facts a grader listens for", () => {
    const cuesOf = (id: string) => mainCard().points.find((point) => point.id === id)?.cues ?? []
    expect(cuesOf('one-key-per-intent')).toEqual(
      expect.arrayContaining(['idempotency key', 'uuid', 'same key']),
    )
    expect(cuesOf('claim-before-effect')).toEqual(expect.arrayContaining(['atomic insert', 'in_progress']))
    expect(cuesOf('reject-changed-body')).toContain('422')
    expect(cuesOf('expiry-and-scope')).toEqual(expect.arrayContaining(['24 hours', 'per account']))
  })

  test("the main card's model answer keeps the seed's numbers", () => {
    const answer = mainCard().answerMarkdown
    for (const fact of [
      '10:00:00.020',
      '10:00:00.450',
      '10:00:02.100',
      '10:00:00.420',
      'payment 88',
      '2500',
      '2600',
      'token-9',
      '7c1a0e44-2b19-4f6a-9d30-1a8e5b6c7d90',
      '422',
      '409',
      'Retry-After',
      'pending_unknown',
      '24 hours',
    ])
      expect(answer, fact).toContain(fact)
  })

  test.each(FOLLOW_UP_IDS)(
    'follow-up "%s" has 2–4 points, at most one critical, and its own timelines',
    (id) => {
      const card = cardById(id)
      expect(card, id).toBeDefined()
      if (!card) return
      expect(card.deck).toBe('idempotency')
      expect(card.points.length).toBeGreaterThanOrEqual(2)
      expect(card.points.length).toBeLessThanOrEqual(4)
      expect(card.points.filter((point) => point.critical).length).toBeLessThanOrEqual(1)
      expect(card.scenarios.length).toBeGreaterThan(0)
      expect(card.prompt).not.toBe(mainCard().prompt)
    },
  )

  test('follow-ups link to timelines the engine names', () => {
    const scenariosOf = (id: string) => cardById(id)?.scenarios
    expect(scenariosOf('in-flight-retry')).toEqual(['in-flight-409', 'in-flight-wait'])
    expect(scenariosOf('provider-outside-transaction')).toEqual(['crash-in-progress'])
    expect(scenariosOf('unknown-outcome')).toEqual(['provider-timeout'])
    expect(scenariosOf('crash-in-progress')).toEqual(['crash-in-progress'])
    expect(scenariosOf('expiry-scope-body')).toEqual(['expiry', 'account-scope', 'body-mismatch'])
    expect(scenariosOf('store-before-effect-timeline')).toEqual(['lost-response', 'store-after-charge'])
  })

  test('model answers render with headings nested under the page heading and no empty table headers', () => {
    for (const card of allCards()) {
      const html = markdownToHtml(card.answerMarkdown)
      // The card page titles the answer with an h2, so the answer's own sections start at h3.
      expect(html, card.id).not.toMatch(/<h[12][\s>]/)
      expect(html, card.id).not.toMatch(/<th>\s*<\/th>/)
    }
  })

  test("every built-in point's rubric hears the point's own text, without a contradiction", () => {
    for (const card of allCards())
      for (const point of card.points) {
        const [verdict] = suggestGrade([point], point.text).points
        expect(
          { heard: verdict!.heard, contradiction: verdict!.contradiction },
          `${card.id} / ${point.id}`,
        ).toEqual({
          heard: true,
          contradiction: null,
        })
      }
  })

  test('every cue is lower-case and unique within its point, so transcript matching is predictable', () => {
    for (const card of allCards()) {
      for (const point of card.points) {
        const where = `${card.id} / ${point.id}`
        for (const cue of point.cues) expect(cue, where).toBe(cue.toLowerCase())
        expect(new Set(point.cues).size, where).toBe(point.cues.length)
      }
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Malformed cards: each is written to a temp dir next to a valid card, and the error must name the
// broken file (not its neighbour) and the field at fault.

const tempDirs: string[] = []

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function makeDeckDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-cards-'))
  tempDirs.push(dir)
  return dir
}

type Frontmatter = Record<string, unknown>

const rubricHearing = (word: string) => ({ concepts: { said: [word] }, heard: [{ all: ['said'] }] })

function validFrontmatter(id: string): Frontmatter {
  return {
    id,
    title: 'A valid card',
    deck: 'caching',
    prompt: 'Explain why this card is valid.',
    points: [
      {
        id: 'first-point',
        text: 'The first thing to say.',
        critical: true,
        cues: ['first'],
        rubric: rubricHearing('first'),
      },
      {
        id: 'second-point',
        text: 'The second thing to say.',
        critical: false,
        cues: ['second'],
        rubric: rubricHearing('second'),
      },
    ],
    followUps: [],
    scenarios: [],
    order: 0,
  }
}

const validBody = 'A model answer long enough to pass the minimum length check of the loader.'

function writeCard(dir: string, fileName: string, frontmatter: Frontmatter, body = validBody): void {
  fs.writeFileSync(path.join(dir, fileName), matter.stringify(body, frontmatter))
}

function errorMessageOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError)
    return (error as Error).message
  }
  throw new Error('expected a ContentError, but nothing was thrown')
}

/** Loads a deck of one valid card plus one bad card and returns the error message. */
function loadErrorFor(badFileName: string, badFrontmatter: Frontmatter, body = validBody): string {
  const dir = makeDeckDir()
  writeCard(dir, 'good-neighbour.md', validFrontmatter('good-neighbour'))
  writeCard(dir, badFileName, badFrontmatter, body)
  const message = errorMessageOf(() => loadCardsFrom(dir))
  expect(message).not.toContain('good-neighbour.md')
  return message
}

function withPoints(frontmatter: Frontmatter, change: (points: Frontmatter[]) => void): Frontmatter {
  const points = structuredClone(frontmatter.points) as Frontmatter[]
  change(points)
  return { ...frontmatter, points }
}

describe('a malformed card is rejected with a message naming the file and the field', () => {
  test('the valid fixture itself loads (so the failures below come from the one broken field)', () => {
    const dir = makeDeckDir()
    writeCard(dir, 'good-neighbour.md', validFrontmatter('good-neighbour'))
    writeCard(dir, 'other.md', { ...validFrontmatter('other'), order: 1, followUps: ['good-neighbour'] })
    expect(loadCardsFrom(dir).map((card) => card.id)).toEqual(['good-neighbour', 'other'])
  })

  test('a deck that is not one of the built-in decks (lib/content/decks.ts)', () => {
    const message = loadErrorFor('stray-deck.md', { ...validFrontmatter('stray-deck'), deck: 'sharding' })
    expect(message).toContain('stray-deck.md: field "deck": "sharding" is not a built-in deck')
  })

  test('cards load in teaching order: deck by deck as the deck table lists them, then by order', () => {
    const dir = makeDeckDir()
    writeCard(dir, 'a-design.md', { ...validFrontmatter('a-design'), deck: 'designs', order: 0 })
    writeCard(dir, 'b-cache.md', { ...validFrontmatter('b-cache'), deck: 'caching', order: 1 })
    writeCard(dir, 'c-cache.md', { ...validFrontmatter('c-cache'), deck: 'caching', order: 0 })
    writeCard(dir, 'd-keys.md', { ...validFrontmatter('d-keys'), deck: 'idempotency', order: 9 })
    expect(loadCardsFrom(dir).map((card) => card.id)).toEqual(['d-keys', 'c-cache', 'b-cache', 'a-design'])
  })

  test('a missing field', () => {
    const { prompt: _dropped, ...noPrompt } = validFrontmatter('missing-prompt')
    const message = loadErrorFor('missing-prompt.md', noPrompt)
    expect(message).toContain('missing-prompt.md')
    expect(message).toContain('field "prompt"')
  })

  test('a field of the wrong type', () => {
    const bad = withPoints(validFrontmatter('wrong-type'), (points) => {
      points[1] = { ...points[1], critical: 'yes' }
    })
    const message = loadErrorFor('wrong-type.md', bad)
    expect(message).toContain('wrong-type.md')
    expect(message).toContain('field "points.1.critical"')
  })

  test('an order that is not a whole number', () => {
    const message = loadErrorFor('fractional-order.md', {
      ...validFrontmatter('fractional-order'),
      order: 1.5,
    })
    expect(message).toContain('fractional-order.md')
    expect(message).toContain('field "order"')
  })

  test('an answer-length target that is not a positive number of minutes', () => {
    const message = loadErrorFor('zero-target.md', {
      ...validFrontmatter('zero-target'),
      answerTargetMinutes: 0,
    })
    expect(message).toContain('zero-target.md')
    expect(message).toContain('field "answerTargetMinutes"')
  })

  test('an id that is not a lower-case slug', () => {
    const message = loadErrorFor('Bad_Id.md', validFrontmatter('Bad_Id'))
    expect(message).toContain('Bad_Id.md')
    expect(message).toContain('field "id"')
  })

  test('a rubric that names a concept it does not define, or a lexicon class that does not exist', () => {
    const bad = withPoints(validFrontmatter('bad-rubric'), (points) => {
      points[0] = {
        ...points[0],
        rubric: { concepts: { said: ['@nosuchclass'] }, heard: [{ all: ['unsaid'] }] },
      }
    })
    const message = loadErrorFor('bad-rubric.md', bad)
    expect(message).toContain('field "points.0.rubric.concepts')
    expect(message).toContain('no concept named "unsaid"')
    expect(message).toContain('@class')
  })

  test('two points with the same id', () => {
    const bad = withPoints(validFrontmatter('duplicate-points'), (points) => {
      points[1] = { ...points[1], id: 'first-point' }
    })
    const message = loadErrorFor('duplicate-points.md', bad)
    expect(message).toContain('duplicate-points.md')
    expect(message).toContain('field "points"')
    expect(message).toMatch(/unique/)
  })

  test('two critical points', () => {
    const bad = withPoints(validFrontmatter('two-critical'), (points) => {
      points[1] = { ...points[1], critical: true }
    })
    const message = loadErrorFor('two-critical.md', bad)
    expect(message).toContain('two-critical.md')
    expect(message).toContain('field "points"')
    expect(message).toMatch(/critical/)
  })

  test('a follow-up that names no card', () => {
    const bad = { ...validFrontmatter('dangling-follow-up'), followUps: ['good-neighbour', 'no-such-card'] }
    const message = loadErrorFor('dangling-follow-up.md', bad)
    expect(message).toContain('dangling-follow-up.md')
    expect(message).toContain('field "followUps"')
    expect(message).toContain('no-such-card')
  })

  test('a follow-up that deepens a point no card it follows up has', () => {
    const dir = makeDeckDir()
    writeCard(dir, 'main.md', { ...validFrontmatter('main'), followUps: ['deeper'] })
    writeCard(dir, 'deeper.md', { ...validFrontmatter('deeper'), order: 1, deepens: ['first-point'] })
    expect(loadCardsFrom(dir).find((card) => card.id === 'deeper')?.deepens).toEqual(['first-point'])
    writeCard(dir, 'deeper.md', { ...validFrontmatter('deeper'), order: 1, deepens: ['no-such-point'] })
    const message = errorMessageOf(() => loadCardsFrom(dir))
    expect(message).toContain('deeper.md')
    expect(message).toContain('field "deepens"')
    expect(message).toContain('no-such-point')
  })

  test('an id that differs from the file name', () => {
    const message = loadErrorFor('file-name.md', validFrontmatter('other-name'))
    expect(message).toContain('file-name.md')
    expect(message).toContain('field "id"')
    expect(message).toContain('other-name')
  })

  test('a field the schema does not know', () => {
    const message = loadErrorFor('extra-field.md', { ...validFrontmatter('extra-field'), answer: 'inline' })
    expect(message).toContain('extra-field.md')
    expect(message).toContain('"answer"')
  })

  test('a missing model answer', () => {
    const message = loadErrorFor('no-body.md', validFrontmatter('no-body'), '')
    expect(message).toContain('no-body.md')
    expect(message).toContain('field "body"')
  })

  // Regression: gray-matter cached a source before parsing it, so the second parse of the same broken
  // file returned empty data and reported every field as missing instead of the YAML error.
  test('frontmatter that is not YAML, reported the same way on a second parse', () => {
    const source = `---\nid: broken-yaml\ntitle: [unclosed\n---\n${validBody}\n`
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(errorMessageOf(() => parseCardFile('content/cards/broken-yaml.md', source))).toMatch(
        /^content\/cards\/broken-yaml\.md: frontmatter is not valid YAML/,
      )
    }
  })

  test('parseCardFile names the file and every broken field at once', () => {
    const bad = { ...validFrontmatter('several'), title: 42, deck: 'Not A Slug' }
    const lines = errorMessageOf(() =>
      parseCardFile('content/cards/several.md', matter.stringify(validBody, bad)),
    ).split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^content\/cards\/several\.md: field "title": /)
    expect(lines[1]).toMatch(/^content\/cards\/several\.md: field "deck": /)
  })
})
