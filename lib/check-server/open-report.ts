// Opens a `--json` report as untrusted input (pure apart from reading the file it is given; no
// imports but the report's types, so /check's browser bundle carries it without zod, whose JIT
// trips the page CSP's eval probe). The report's shape is types.ts; this only checks a parsed
// value against it, field by field, and says in one sentence what is wrong.
import { CHECK_IDS, type CheckResult, type Report, type TimelineEvent } from './types'

/** 5 MiB: a real report is a few kilobytes (its timelines are cut to the events that matter). */
export const MAX_REPORT_BYTES = 5 * 1024 * 1024

export type Opened = { ok: true; report: Report } | { ok: false; sentence: string }

export const NOT_A_REPORT = {
  tooBig: 'That file is over 5 MB, so it is not a check:server report; it was not read.',
  notJson: 'That file is not JSON, so it is not a check:server report.',
  unreadable: 'That file could not be read.',
  /** Completed by where the shape first breaks. */
  wrongShape: 'That file is JSON but not a check:server report:',
} as const

const VERDICTS = ['pass', 'fail', 'skipped'] as const
const ACTORS = ['client', 'server', 'provider'] as const

class ShapeError extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  if (typeof value !== 'string' || !allowed.includes(value as T))
    throw new ShapeError(`${where} is not one of ${allowed.join(', ')}`)
  return value as T
}
function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ShapeError(`${where} is not a string`)
  return value
}
function record(value: unknown, where: string): Record<string, unknown> {
  if (!isRecord(value)) throw new ShapeError(`${where} is not an object`)
  return value
}
function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(`${where} is not a list`)
  return value
}

function timelineEvent(value: unknown, where: string): TimelineEvent {
  const e = record(value, where)
  if (typeof e.atMs !== 'number' || !Number.isFinite(e.atMs) || e.atMs < 0)
    throw new ShapeError(`${where}.atMs is not a time in ms`)
  return {
    atMs: e.atMs,
    from: oneOf(e.from, ACTORS, `${where}.from`),
    to: oneOf(e.to, ACTORS, `${where}.to`),
    what: text(e.what, `${where}.what`),
  }
}

function checkResult(value: unknown, where: string): CheckResult {
  const c = record(value, where)
  if (c.violation !== null && typeof c.violation !== 'string')
    throw new ShapeError(`${where}.violation is neither a string nor null`)
  return {
    id: oneOf(c.id, CHECK_IDS, `${where}.id`),
    verdict: oneOf(c.verdict, VERDICTS, `${where}.verdict`),
    violation: c.violation,
    reason: text(c.reason, `${where}.reason`),
    timeline: list(c.timeline, `${where}.timeline`).map((e, i) =>
      timelineEvent(e, `${where}.timeline[${i}]`),
    ),
  }
}

/** A parsed value as a report (only the report's own fields are kept), or what is wrong with it. */
export function reportFrom(value: unknown): Opened {
  try {
    const r = record(value, 'the file')
    if (typeof r.seed !== 'number' || !Number.isInteger(r.seed))
      throw new ShapeError('seed is not a whole number')
    const checks = list(r.checks, 'checks')
    if (checks.length === 0) throw new ShapeError('checks is empty')
    return {
      ok: true,
      report: {
        target: text(r.target, 'target'),
        seed: r.seed,
        checks: checks.map((c, i) => checkResult(c, `checks[${i}]`)),
      },
    }
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error
    return { ok: false, sentence: `${NOT_A_REPORT.wrongShape} ${error.message}.` }
  }
}

/** A chosen file as a report: its size first (an oversized file is never read), then JSON, then the shape. */
export async function openReport(file: { size: number; text(): Promise<string> }): Promise<Opened> {
  if (file.size > MAX_REPORT_BYTES) return { ok: false, sentence: NOT_A_REPORT.tooBig }
  let raw: string
  try {
    raw = await file.text()
  } catch {
    return { ok: false, sentence: NOT_A_REPORT.unreadable }
  }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { ok: false, sentence: NOT_A_REPORT.notJson }
  }
  return reportFrom(value)
}
