// A trace as a Mermaid sequenceDiagram, with accTitle/accDescr so the exported diagram
// keeps an accessible name wherever it is rendered. Pure text; nothing here is HTML.

import { clockLabel, type Trace, type TraceEvent } from '@/lib/engine/client'

/** Mermaid participant ids: letters, digits and underscores only. */
export function participantId(actorId: string): string {
  const id = actorId.replace(/[^A-Za-z0-9_]/g, '_')
  return /^[A-Za-z]/.test(id) ? id : `p_${id}`
}

/** Text after a colon ends at a newline, '#' or ';' in Mermaid's grammar: keep one line, escape the two as entities. */
export function mermaidText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[#;]/g, (c) => (c === '#' ? '#35;' : '#59;'))
    .trim()
}

/** accTitle/accDescr run to the end of the line and take no entity codes: plain words only. */
function accText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/;/g, ',')
    .replace(/#/g, 'no. ')
    .trim()
}

function eventLine(trace: Trace, event: TraceEvent): string {
  const at = clockLabel(trace.clockStart, event.tMs)
  const text = mermaidText(`${at} ${event.detail}`)
  if (event.from && event.to && event.from !== event.to) {
    const from = participantId(event.from)
    const to = participantId(event.to)
    // A lost message is drawn with a cross: it never arrives.
    const arrow = event.kind === 'response-lost' ? '--x' : event.kind.startsWith('response') ? '-->>' : '->>'
    return `  ${from}${arrow}${to}: ${text}`
  }
  const who = participantId(event.actor)
  return `  Note over ${who}: ${event.kind === 'crash' ? `CRASH — ${text}` : text}`
}

export function traceToMermaid(trace: Trace, { title }: { title?: string } = {}): string {
  const last = trace.events.at(-1)
  const span = last
    ? `from ${trace.clockStart} to ${clockLabel(trace.clockStart, last.tMs)}`
    : 'with no events'
  const accepted = trace.events.filter((e) => e.kind === 'write-accepted').length
  const outcome =
    trace.protocol === 'lease'
      ? `the storage accepted ${accepted} write${accepted === 1 ? '' : 's'}`
      : `the provider's ledger ends with ${trace.charges} charge${trace.charges === 1 ? '' : 's'}`
  const description = `${trace.events.length} events ${span}, and ${outcome}.`
  const lines = [
    'sequenceDiagram',
    `  accTitle: ${accText(title ?? `Timeline of ${trace.scenario}`)}`,
    `  accDescr: ${accText(description)}`,
    ...trace.actors.map(
      (actor) => `  participant ${participantId(actor.id)} as ${mermaidText(`${actor.label} (${actor.id})`)}`,
    ),
    ...trace.events.map((event) => eventLine(trace, event)),
  ]
  return `${lines.join('\n')}\n`
}

/** The export's download name. */
export function mermaidFileName(trace: Trace): string {
  return `${trace.scenario.replace(/[^a-z0-9-]/gi, '_')}-seed-${trace.seed}.mmd`
}
