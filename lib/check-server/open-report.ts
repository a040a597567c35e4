// Opens a `--json` report as untrusted input (pure apart from reading the file it is given). The
// report's shape is types.ts; this checks a parsed value against it field by field — its version
// first (a version this page does not know is refused in one sentence) — and says in one sentence
// where it first breaks.
import { INVARIANTS, type InvariantId } from '@/lib/engine/client'
import {
  CHECK_IDS,
  type CheckResult,
  REPORT_VERSION,
  type Report,
  TIMELINE_KINDS,
  type TimelineEvent,
} from './types'

/** 5 MiB: a real report is a few kilobytes (its timelines are cut to the events that matter). */
export const MAX_REPORT_BYTES = 5 * 1024 * 1024

export type Opened = { ok: true; report: Report } | { ok: false; sentence: string }

export const NOT_A_REPORT = {
  tooBig: 'That file is over 5 MB, so it is not a check:server report; it was not read.',
  notJson: 'That file is not JSON, so it is not a check:server report.',
  unreadable: 'That file could not be read.',
  /** Completed by where the shape first breaks. */
  wrongShape: 'That file is JSON but not a check:server report:',
  noVersion: `That file has no report version: it is from an older check:server, whose timelines this page cannot draw; run npm run check:server --json again.`,
} as const

/** A report of a version this page does not read, in one sentence. */
export const unknownVersion = (version: unknown) =>
  `That report is version ${String(version).slice(0, 20)} of the check:server format; this page reads version ${REPORT_VERSION} only.`

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
  if (e.status !== undefined && (typeof e.status !== 'number' || !Number.isInteger(e.status)))
    throw new ShapeError(`${where}.status is not an HTTP status`)
  return {
    atMs: e.atMs,
    from: oneOf(e.from, ACTORS, `${where}.from`),
    to: oneOf(e.to, ACTORS, `${where}.to`),
    kind: oneOf(e.kind, TIMELINE_KINDS, `${where}.kind`),
    ...(e.status === undefined ? {} : { status: e.status as number }),
    what: text(e.what, `${where}.what`),
  }
}

const INVARIANT_IDS = Object.keys(INVARIANTS) as InvariantId[]
const orNull = <T>(value: unknown, read: (v: unknown) => T): T | null => (value === null ? null : read(value))

function checkResult(value: unknown, where: string): CheckResult {
  const c = record(value, where)
  if (c.violation !== null && typeof c.violation !== 'string')
    throw new ShapeError(`${where}.violation is neither a string nor null`)
  const invariant = orNull(c.invariant, (v) => oneOf(v, INVARIANT_IDS, `${where}.invariant`))
  return {
    id: oneOf(c.id, CHECK_IDS, `${where}.id`),
    verdict: oneOf(c.verdict, VERDICTS, `${where}.verdict`),
    violation: c.violation,
    invariant,
    // Its name as the engine says it, whatever the file claims.
    invariantName: invariant === null ? null : INVARIANTS[invariant],
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
    if (r.version === undefined) return { ok: false, sentence: NOT_A_REPORT.noVersion }
    if (r.version !== REPORT_VERSION) return { ok: false, sentence: unknownVersion(r.version) }
    if (typeof r.seed !== 'number' || !Number.isInteger(r.seed))
      throw new ShapeError('seed is not a whole number')
    const checks = list(r.checks, 'checks')
    if (checks.length === 0) throw new ShapeError('checks is empty')
    return {
      ok: true,
      report: {
        version: REPORT_VERSION,
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
