// The report as people read it in a terminal (pure).
import type { Report } from './types'

export function formatReport(report: Report): string {
  const lines: string[] = [`Checked ${report.target} (seed ${report.seed})`]
  for (const c of report.checks) {
    lines.push(
      `${c.verdict.padEnd(7)} ${c.id}${c.violation ? ` — ${c.violation}` : ''}${c.invariant ? ` (${c.invariant} ${c.invariantName})` : ''}: ${c.reason}`,
    )
    for (const e of c.timeline)
      lines.push(`          ${String(e.atMs).padStart(6)} ms  ${e.from} → ${e.to}  ${e.what}`)
  }
  const failed = report.checks.filter((c) => c.verdict === 'fail').length
  lines.push(
    failed === 0
      ? 'No check failed.'
      : `${failed} check(s) failed; replay the same schedule with --seed ${report.seed}.`,
  )
  return lines.join('\n')
}
