// A built-in point's rubric (lib/grading's PointRubric) as front matter: concepts with their phrases, the
// ways to make the point, the wrong designs with what to tell the learner and the sandbox flaw. Every
// concept a rule names must exist, and every phrase must compile (an unknown `@class` is an error).
import { z } from 'zod'
import { FLAW_IDS, type PointRubric } from '@/lib/grading'
import { patternsOf } from '@/lib/grading/phrases'

const conceptName = z.string().regex(/^[a-z][a-z0-9-]*$/, 'use lower-case words joined by hyphens')
const phrase = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .refine((text) => {
    try {
      return patternsOf(text).length > 0
    } catch {
      return false
    }
  }, 'a phrase needs a word, and every @class must exist in lib/grading/lexicon.ts')
const phrases = z.array(phrase).min(1).max(80)
const concept = z.union([
  phrases,
  z.strictObject({ say: phrases, unless: z.array(phrase).max(20).optional() }),
])
const names = z.array(conceptName).min(1).max(6)

const requirement = z
  .strictObject({
    all: names.optional(),
    steps: names.min(2).optional(),
    near: z.boolean().optional(),
    none: names.optional(),
  })
  .refine((r) => r.all || r.steps, 'give `all` or `steps`')
const wrongDesign = z
  .strictObject({
    all: names.optional(),
    steps: names.min(2).optional(),
    negated: names.optional(),
    says: z.string().trim().min(10, 'at least 10 characters').max(300),
    flaw: z
      .enum(FLAW_IDS as [string, ...string[]])
      .nullable()
      .optional(),
  })
  .refine((w) => w.all || w.steps || w.negated, 'give `all`, `steps` or `negated`')

export const pointRubricSchema = z
  .strictObject({
    concepts: z.record(conceptName, concept),
    heard: z.array(requirement).min(1).max(12).optional(),
    wrong: z.array(wrongDesign).max(12).optional(),
  })
  .superRefine((rubric, ctx) => {
    const rules = [...(rubric.heard ?? []), ...(rubric.wrong ?? [])]
    for (const rule of rules)
      for (const name of [
        ...(rule.all ?? []),
        ...(rule.steps ?? []),
        ...('negated' in rule ? (rule.negated ?? []) : []),
      ])
        if (!(name in rubric.concepts))
          ctx.addIssue({ code: 'custom', path: ['concepts'], message: `no concept named "${name}"` })
  }) as unknown as z.ZodType<PointRubric>
