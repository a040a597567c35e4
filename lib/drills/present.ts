// Server side: a drill round as the browser sees it (questions + cut timelines).
import 'server-only'
import { checkTrace } from '@/lib/engine'
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

export function roundView(drill: Drill, cardId: string, round: number): DrillRoundView {
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
