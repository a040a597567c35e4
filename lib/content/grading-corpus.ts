// The grader's labelled corpus (content/grading/<split>/<card>.json): answers to the built-in cards, each
// with the points it makes and the contradictions it holds. Four splits: `tuning` (read while writing the
// rubrics) and `held-out` (written first and only ever scored, never read while tuning), the team's own; and
// answers by strangers who never saw the rubrics (scripts/import-strangers.ts): `strangers-1` (tuned on) and
// `strangers-2` (held out: written without reading the rubrics, only ever scored).
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { FLAW_IDS } from '@/lib/grading'
import { allCards, ContentError } from './cards'

export const CORPUS_SPLITS = ['tuning', 'held-out', 'strangers-1', 'strangers-2'] as const
/** The splits tuning may read; the others are only ever scored. */
export const TUNING_SPLITS: readonly CorpusSplit[] = ['tuning', 'strangers-1']
export type CorpusSplit = (typeof CORPUS_SPLITS)[number]
export const corpusDir = path.join(process.cwd(), 'content', 'grading')

const answerSchema = z.strictObject({
  id: z.string().regex(/^(?:[a-z]+-[th]\d\d|b\d\d|s\d-\d\d)$/),
  kind: z.enum(['paraphrase', 'recognizer', 'numbers-in-words', 'wrong-design']),
  text: z.string().min(1).max(20_000),
  points: z.array(z.string()),
  contradictions: z.array(
    z.strictObject({ point: z.string(), flaw: z.enum(FLAW_IDS as [string, ...string[]]).nullable() }),
  ),
  /** A stranger's word on what makes the answer hard (strangers' splits). */
  note: z.string().optional(),
})
const fileSchema = z.strictObject({
  card: z.string(),
  split: z.enum(CORPUS_SPLITS),
  answers: z.array(answerSchema).min(1),
})

export type CorpusAnswer = z.infer<typeof answerSchema> & { card: string; split: CorpusSplit }

function check(file: string, card: string, answer: z.infer<typeof answerSchema>): void {
  const ids = new Set(
    allCards()
      .find((c) => c.id === card)
      ?.points.map((p) => p.id),
  )
  if (ids.size === 0) throw new ContentError(`${file}: no built-in card "${card}"`)
  for (const id of [...answer.points, ...answer.contradictions.map((c) => c.point)])
    if (!ids.has(id)) throw new ContentError(`${file}: answer ${answer.id} names no point "${id}" of ${card}`)
  for (const c of answer.contradictions)
    if (answer.points.includes(c.point))
      throw new ContentError(`${file}: answer ${answer.id} both makes and contradicts "${c.point}"`)
}

/** Every answer of one split (or both), validated against the cards' point ids. */
export function loadCorpus(splits: readonly CorpusSplit[] = CORPUS_SPLITS, dir = corpusDir): CorpusAnswer[] {
  return splits.flatMap((split) =>
    // A split not written yet (strangers-2 arrives later) holds no answers.
    (fs.existsSync(path.join(dir, split)) ? fs.readdirSync(path.join(dir, split)) : [])
      .filter((name) => name.endsWith('.json'))
      .sort()
      .flatMap((name) => {
        const file = path.join('content', 'grading', split, name)
        const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, split, name), 'utf8')))
        if (!parsed.success) throw new ContentError(`${file}: ${parsed.error.issues[0]?.message}`)
        if (parsed.data.split !== split || `${parsed.data.card}.json` !== name)
          throw new ContentError(`${file}: card and split must match the file's place`)
        return parsed.data.answers.map((answer) => {
          check(file, parsed.data.card, answer)
          return { ...answer, card: parsed.data.card, split }
        })
      }),
  )
}
