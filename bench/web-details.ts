// What bench:web reads from one Lighthouse report beyond the scores: the main-thread time of
// the load (the `mainthread-work-breakdown` total, per task group), the scripts that cost the
// most (`bootup-time`) and the elements that shifted (`layout-shifts`). The main-thread total is
// the machine-independent yardstick (issue 51): printed as a ratio to /offline's in the same run.
import type { Result } from 'lighthouse'

export interface ScriptCost {
  url: string
  totalMs: number
  scriptingMs: number
  parseMs: number
}

export interface LoadDetails {
  mainThreadMs: number
  /** Task group (scriptEvaluation, styleLayout, …) → ms. */
  breakdown: Record<string, number>
  scripts: ScriptCost[]
  /** The shifted elements: a selector or snippet, and the shift's score. */
  shifts: Array<{ node: string; score: number }>
}

type Items = Array<Record<string, unknown>>
const itemsOf = (lhr: Result, id: string): Items =>
  ((lhr.audits[id]?.details as { items?: Items } | undefined)?.items ?? []) as Items

export function loadDetailsOf(lhr: Result): LoadDetails {
  const breakdown: Record<string, number> = {}
  for (const item of itemsOf(lhr, 'mainthread-work-breakdown'))
    breakdown[String(item.group)] = Number(item.duration)
  const scripts = itemsOf(lhr, 'bootup-time').map((item) => ({
    url: String(item.url),
    totalMs: Number(item.total),
    scriptingMs: Number(item.scripting),
    parseMs: Number(item.scriptParseCompile),
  }))
  const shifts = itemsOf(lhr, 'layout-shifts').map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined
    return { node: node?.selector ?? node?.snippet ?? '(unknown)', score: Number(item.score) }
  })
  return {
    mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
    breakdown,
    scripts,
    shifts,
  }
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')

/** The lines BENCH_WEB_DETAILS=1 prints under a page: where its main-thread time went. */
export function detailLines(details: LoadDetails, indent: string): string[] {
  const groups = Object.entries(details.breakdown)
    .sort(([, a], [, b]) => b - a)
    .map(([group, ms]) => `${group} ${ms.toFixed(0)}`)
  const lines = [`${indent}main thread by group (ms): ${groups.join(', ')}`]
  for (const s of details.scripts.slice(0, 6))
    lines.push(
      `${indent}  ${s.totalMs.toFixed(0).padStart(5)} ms (script ${s.scriptingMs.toFixed(0)}, parse ${s.parseMs.toFixed(0)})  ${shortUrl(s.url)}`,
    )
  for (const shift of details.shifts)
    lines.push(`${indent}layout shift ${shift.score.toFixed(3)}: ${shift.node}`)
  return lines
}
