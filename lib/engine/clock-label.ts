// The one formatter for trace times, used by the CLI timeline, the sandbox and card
// timelines, and Mermaid exports: the scenario's own clock, tMs = 0 at `clockStart`
// ('10:00:00.000'). Pure and import-free apart from constants, so client components can
// import this file directly. Display only; the engine never reads these labels.
import { DAY_MS, HOUR_MS } from './constants'

function parseClockStartMs(clockStart: string): number {
  const match = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?$/.exec(clockStart)
  if (!match) return 0
  const [, h, m, s, ms] = match
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms ?? 0)
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * '10:00:00.020' for tMs = 20 with clockStart '10:00:00.000'. Runs that cross midnight
 * (a key's 24 h expiry) say which day: 'day 2, 10:00:02.100'.
 */
export function clockLabel(clockStart: string, tMs: number): string {
  const absoluteMs = parseClockStartMs(clockStart) + Math.max(0, Math.round(tMs))
  const day = Math.floor(absoluteMs / DAY_MS)
  const inDayMs = absoluteMs % DAY_MS
  const h = Math.floor(inDayMs / HOUR_MS)
  const m = Math.floor((inDayMs % HOUR_MS) / 60_000)
  const s = Math.floor((inDayMs % 60_000) / 1000)
  const ms = inDayMs % 1000
  const time = `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms, 3)}`
  return day === 0 ? time : `day ${day + 1}, ${time}`
}

/** A scenario's `clockStart` for its start instant: the UTC time of day ('10:00:00.000'). */
export function clockStartOf(startMs: number): string {
  return clockLabel('00:00:00.000', ((startMs % DAY_MS) + DAY_MS) % DAY_MS)
}
