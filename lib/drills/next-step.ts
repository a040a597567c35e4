// "What happens next?" questions: at each request the server must decide about, the
// true outcome (the scenario's own run) against what the engine variants do with the
// same request. A step is asked only when the variants disagree at least twice.
import { clockLabel, type Trace, type TraceEvent } from '@/lib/engine/client'
import { type Outcome, outcomeOf } from './outcome'
import type { DrillOption, NextStepQuestion } from './types'
import type { Variant } from './variants'

export interface VariantRun {
  variant: Variant
  trace: Trace
}

const MAX_WRONG = 3

function who(trace: Trace, requestId: string, outcome: Outcome, retryOf: string | undefined): string {
  const sent = trace.events[outcome.eventIndexes[0] ?? 0]
  const at = clockLabel(trace.clockStart, sent?.tMs ?? 0)
  if (retryOf) return `the retry at ${at}`
  const otherBody = trace.events.some(
    (e) => e.kind === 'request-sent' && e.i < (sent?.i ?? 0) && e.bodyHashLabel !== sent?.bodyHashLabel,
  )
  if (outcome.facts.repeat)
    return `request ${requestId}, sent with the same key${otherBody ? ' and a different body' : ''} at ${at}`
  const first = trace.events.find((e) => e.kind === 'request-sent')
  return first?.requestId === requestId ? `the first request at ${at}` : `request ${requestId} at ${at}`
}

function sentence(text: string): string {
  const t = text.trim()
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`
}

/** The engine's own words for what the server did with the request. */
function traceStory(trace: Trace, outcome: Outcome): string {
  const server = outcome.eventIndexes
    .map((i) => trace.events[i])
    .filter(
      (e): e is TraceEvent => e !== undefined && e.kind !== 'request-sent' && e.kind !== 'response-received',
    )
  const first = server[0]
  if (!first) return ''
  const at = clockLabel(trace.clockStart, first.tMs)
  return sentence(`In the trace at ${at}: ${server.map((e) => e.detail).join('; ')}`)
}

export function nextStepQuestions(
  base: Trace,
  runs: readonly VariantRun[],
  requests: readonly { id: string; retryOf?: string }[],
): NextStepQuestion[] {
  const questions: NextStepQuestion[] = []
  // Requests the engine treats alike (20 payments in flight through one crash) would ask the
  // same question with other numbers: only the first is asked, so later reviews move on.
  const asked = new Set<string>()
  for (const request of requests) {
    const truth = outcomeOf(base, request.id)
    if (!truth || truth.eventIndexes.length === 0) continue
    const options: DrillOption[] = [{ id: truth.code, text: truth.text }]
    const wrongNotes: Record<string, string> = {}
    for (const { variant, trace } of runs) {
      if (options.length > MAX_WRONG) break
      const other = outcomeOf(trace, request.id)
      if (!other || options.some((o) => o.id === other.code || o.text === other.text)) continue
      options.push({ id: other.code, text: other.text })
      wrongNotes[other.code] = `That is what happens ${variant.label}.`
    }
    if (options.length < 3) continue
    const sameQuestion = [request.retryOf ? 'retry' : 'request', ...options.map((o) => o.id)].join('\n')
    if (asked.has(sameQuestion)) continue
    asked.add(sameQuestion)
    const sentAt = truth.eventIndexes[0] ?? 0
    const last = truth.eventIndexes.at(-1) ?? sentAt
    const firstDecision = truth.eventIndexes[1] ?? sentAt
    const label = who(base, request.id, truth, request.retryOf)
    questions.push({
      kind: 'next-step',
      id: `next:${request.id}`,
      requestId: request.id,
      prompt: request.retryOf ? `What does ${label} get?` : `What happens to ${label}?`,
      traceKey: 'base',
      shownUpTo: sentAt,
      revealUpTo: last,
      revealStep: firstDecision,
      options,
      correctId: truth.code,
      explanation: `${truth.text} ${traceStory(base, truth)}`.trim(),
      wrongNotes,
    })
  }
  return questions
}
