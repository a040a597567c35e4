// One sitting of a drill: which questions, and in which option order. Seeded from
// (card, review count) so a learner cannot pass by remembering positions, and later
// sittings ask at other steps and variants where the drill has them.
import { prng } from '@/lib/engine'
import type { Drill, DrillOption, DrillQuestion, DrillRound } from './types'

/** The question slots a drill card scores (review logs' points): stable per card. */
export interface DrillSlot {
  id: 'next' | 'next-2' | 'bug-step' | 'bug-invariant'
  text: string
}

export function drillSlots(drill: Drill): DrillSlot[] {
  if (drill.spotGroups.length > 0) {
    return [
      ...(drill.nextSteps.length > 0 ? [{ id: 'next' as const, text: 'What happens next?' }] : []),
      { id: 'bug-step', text: 'Spot the bug: the step that goes wrong' },
      { id: 'bug-invariant', text: 'Spot the bug: the invariant it breaks' },
    ]
  }
  return drill.nextSteps.length >= 2
    ? [
        { id: 'next', text: 'What happens next?' },
        { id: 'next-2', text: 'What happens next? (a second step)' },
      ]
    : drill.nextSteps.length === 1
      ? [{ id: 'next', text: 'What happens next?' }]
      : []
}

/** FNV-1a: a stable 32-bit seed from a string. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

/** The step asked first: a repeat of an earlier request (the retry), else the first step. */
function preferredNextStep(drill: Drill): number {
  const repeat = drill.nextSteps.findIndex((q) => q.prompt.startsWith('What does the retry'))
  return Math.max(0, repeat)
}

export type RoundQuestion = DrillQuestion & { slot: DrillSlot['id'] }

export function drillRound(
  drill: Drill,
  cardId: string,
  round: number,
): Omit<DrillRound, 'questions'> & { questions: RoundQuestion[] } {
  const picked: RoundQuestion[] = []
  const steps = drill.nextSteps
  const first = preferredNextStep(drill)
  const stepAt = (offset: number) => steps[(first + round + offset) % steps.length]
  const slots = drillSlots(drill)
  for (const slot of slots) {
    if (slot.id === 'next' || slot.id === 'next-2') {
      const q = stepAt(slot.id === 'next' ? 0 : 1)
      if (q) picked.push({ ...q, slot: slot.id })
    }
  }
  const group = drill.spotGroups[round % Math.max(1, drill.spotGroups.length)]
  if (group) picked.push({ ...group.step, slot: 'bug-step' }, { ...group.invariant, slot: 'bug-invariant' })

  const random = prng(seedOf(`${cardId}:${round}`))
  const questions = picked.map((q) => ({ ...q, options: shuffled<DrillOption>(q.options, random) }))
  return { scenarioId: drill.scenarioId, round, questions }
}
