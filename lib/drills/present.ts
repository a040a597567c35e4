// Server side: a drill round as the browser sees it (questions + cut timelines). A round
// is a pure function of (drill, card, round number): the views asked lately are kept.
import 'server-only'
import { checkTrace } from '@/lib/engine'
import { Lru } from '@/lib/lru'
import { processSlot } from '@/lib/process-memory'
import { drillCardId, drillFor } from './catalogue'
import { drillRound } from './round'
import type { Drill } from './types'
import { type DrillQuestionView, traceUpTo } from './view'

export interface DrillRoundView {
  scenarioId: string
  title: string
  description: string
  round: number
  questions: DrillQuestionView[]
}

/** Round views kept at once (each holds its questions' cut timelines). */
const KEPT_ROUNDS = 128

/** The round's view, from memory when it was asked lately (shared: never mutate it). */
export function roundView(drill: Drill, cardId: string, round: number): DrillRoundView {
  const kept = processSlot('drill-rounds', () => new Lru<string, DrillRoundView>(KEPT_ROUNDS))
  const key = `${drill.scenarioId}\n${cardId}\n${round}`
  const found = kept.get(key)
  if (found) return found
  const view = buildRoundView(drill, cardId, round)
  kept.set(key, view)
  return view
}

function buildRoundView(drill: Drill, cardId: string, round: number): DrillRoundView {
  const { questions } = drillRound(drill, cardId, round)
  return {
    scenarioId: drill.scenarioId,
    title: drill.title,
    description: drill.description,
    round,
    questions: questions.map((q) => {
      const trace = drill.traces[q.traceKey]
      if (!trace) throw new Error(`drill ${drill.scenarioId}: no trace ${q.traceKey}`)
      const spot = q.kind !== 'next-step'
      return {
        id: q.id,
        slot: q.slot,
        kind: q.kind,
        prompt: q.prompt,
        options: q.options,
        correctId: q.correctId,
        explanation: q.explanation,
        wrongNotes: q.wrongNotes,
        before: traceUpTo(trace, q.shownUpTo),
        beforeStep: q.shownUpTo,
        after: traceUpTo(trace, q.revealUpTo),
        afterStep: q.revealStep,
        violations: spot
          ? checkTrace(trace).map((v) => ({
              id: v.id,
              name: v.name,
              message: v.message,
              eventIndex: v.eventIndex,
            }))
          : [],
      }
    }),
  }
}

export async function drillRoundView(scenarioId: string, round: number): Promise<DrillRoundView | null> {
  const drill = await drillFor(scenarioId)
  if (!drill || (drill.nextSteps.length === 0 && drill.spotGroups.length === 0)) return null
  return roundView(drill, drillCardId(scenarioId), round)
}
