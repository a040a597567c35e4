// Time labels in the scenario's own clock: tMs = 0 is `clockStart` ('10:00:00.000').
// Display only; the engine never reads these.

const MS_PER_DAY = 24 * 60 * 60 * 1000

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
  const day = Math.floor(absoluteMs / MS_PER_DAY)
  const inDayMs = absoluteMs % MS_PER_DAY
  const h = Math.floor(inDayMs / 3_600_000)
  const m = Math.floor((inDayMs % 3_600_000) / 60_000)
  const s = Math.floor((inDayMs % 60_000) / 1000)
  const ms = inDayMs % 1000
  const time = `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms, 3)}`
  return day === 0 ? time : `day ${day + 1}, ${time}`
}
