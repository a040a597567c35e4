// GET /api/sandbox/export?format=json|mermaid&s=<state> (or &scenario=<preset id>)
// → the run's trace as a JSON file, or as a Mermaid sequenceDiagram. A run not already in
// memory costs 1 from the sandbox limit.
import { z } from 'zod'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { limitSandboxRuns } from '@/lib/sandbox/http'
import { mermaidFileName, traceToMermaid } from '@/lib/sandbox/mermaid'
import { runForSandbox, scenarioFromQuery } from '@/lib/sandbox/run'

const querySchema = z.object({
  format: z.enum(['json', 'mermaid']),
  s: z.string().max(10_000).optional(),
  scenario: z.string().max(200).optional(),
})

export const GET = route({}, async ({ request }) => {
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!query.success || (query.data.s === undefined && query.data.scenario === undefined)) {
    return problemResponse(
      'invalid-export',
      'Name format=json or format=mermaid, and s=<state> or scenario=<id>.',
    )
  }
  const loaded = scenarioFromQuery({ s: query.data.s, scenario: query.data.scenario })
  if (loaded.problem) return problemResponse('invalid-scenario', loaded.problem)
  const limited = await limitSandboxRuns(request, [loaded.scenario])
  if (limited) return limited

  const run = await runForSandbox(loaded.scenario)
  if (query.data.format === 'mermaid') {
    return new Response(traceToMermaid(run.trace, { title: `Timeline of ${run.scenario.title}` }), {
      headers: {
        'content-type': 'text/vnd.mermaid; charset=utf-8',
        'content-disposition': `attachment; filename="${mermaidFileName(run.trace)}"`,
      },
    })
  }
  return new Response(`${JSON.stringify({ trace: run.trace, violations: run.violations }, null, 2)}\n`, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${run.trace.scenario.replace(/[^a-z0-9-]/gi, '_')}.trace.json"`,
    },
  })
})
