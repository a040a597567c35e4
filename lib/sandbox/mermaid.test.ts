import { describe, expect, it } from 'vitest'
import { canonicalScenarios, runScenario } from '@/lib/engine'
import { mermaidText, participantId, traceToMermaid } from './mermaid'

// Mermaid's sequenceDiagram grammar, as far as we emit it: a text after ':' runs to the end
// of the line and may not hold a raw '#' or ';' (we write them as entities).
const text = String.raw`(?:[^#;\n]|#\d+;)*`
const messageLine = new RegExp(String.raw`^  ([A-Za-z]\w*)(->>|-->>|--x)([A-Za-z]\w*): ${text}$`)
const noteLine = new RegExp(String.raw`^  Note over ([A-Za-z]\w*): ${text}$`)
const participantLine = new RegExp(String.raw`^  participant ([A-Za-z]\w*) as ${text}$`)

describe('Mermaid export', () => {
  it.each(canonicalScenarios().map((s) => [s.id, s] as const))(
    '%s: a valid sequenceDiagram with accTitle and accDescr',
    async (_, scenario) => {
      const { trace } = await runScenario(scenario)
      const lines = traceToMermaid(trace).trimEnd().split('\n')
      expect(lines[0]).toBe('sequenceDiagram')
      expect(lines[1]).toMatch(new RegExp(`^  accTitle: ${text}$`))
      expect(lines[1]).toContain(trace.scenario)
      expect(lines[1]).not.toMatch(/[;#]/)
      expect(lines[2]).not.toMatch(/[;#]/)
      expect(lines[2]).toMatch(new RegExp(`^  accDescr: ${text}$`))
      expect(lines[2]).toContain(`${trace.charges} charge`)

      const declared = lines.slice(3, 3 + trace.actors.length).map((line) => participantLine.exec(line)?.[1])
      expect(declared).toEqual(trace.actors.map((a) => participantId(a.id)))

      const body = lines.slice(3 + trace.actors.length)
      expect(body).toHaveLength(trace.events.length)
      body.forEach((line, i) => {
        const message = messageLine.exec(line)
        const note = noteLine.exec(line)
        expect(message ?? note, `line for event ${i}: ${line}`).not.toBeNull()
        for (const id of message ? [message[1], message[3]] : [note?.[1]]) expect(declared).toContain(id)
      })
    },
  )

  it('draws the lost response with a cross and keeps the seed numbers', async () => {
    const scenario = canonicalScenarios().find((s) => s.id === 'lost-response')!
    const mermaid = traceToMermaid((await runScenario(scenario)).trace)
    expect(mermaid).toMatch(/^ {2}server_1--xclient_A: 10:00:00\.450 /m)
    expect(mermaid).toContain('10:00:00.020')
    expect(mermaid).toContain('10:00:02.100')
    expect(mermaid).toContain('payment 88')
  })

  it('escapes the characters that would end or break a Mermaid text', () => {
    expect(mermaidText('a;b#c\nd')).toBe('a#59;b#35;c d')
    expect(participantId('client-A')).toBe('client_A')
    expect(participantId('1st')).toBe('p_1st')
  })
})
