'use server'
// Remove a phrase the learner taught the grader (/settings, "Phrases you taught the grader"): a plain
// form per phrase, so it works before hydration. Thin: lib/review/teach-grader.ts holds the rules.
import { refresh } from 'next/cache'
import { z } from 'zod'
import { forgetTaughtPhrase } from '@/lib/review/teach-grader'
import { serverAction } from '@/lib/server-action'

const removeSchema = z.strictObject({
  cardId: z.string().min(1).max(200),
  pointId: z.string().min(1).max(200),
  phrase: z.string().min(1).max(20_000),
})

export const removeTaughtPhraseAction = serverAction(
  {
    input: (form: FormData) => ({
      cardId: form.get('cardId'),
      pointId: form.get('pointId'),
      phrase: form.get('phrase'),
    }),
    schema: removeSchema,
    invalid: () => undefined,
  },
  async ({ input, learnerId, db }): Promise<void> => {
    await forgetTaughtPhrase(db, learnerId, input)
    refresh()
  },
)
