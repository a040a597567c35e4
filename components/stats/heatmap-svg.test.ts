import { describe, expect, it } from 'vitest'
import { heatmapSvg } from './heatmap-svg'

// 2026-11-30 is study day 20,422 (a Monday).
const today = Date.UTC(2026, 10, 30) / 86_400_000

describe('heatmapSvg', () => {
  it('draws a cell for each day with reviews, with its date, count, level and tooltip', () => {
    const counts = Array.from({ length: 365 }, (_, i) => (i === 364 ? 4 : i === 363 ? 1 : 0))
    const svg = heatmapSvg(today - 364, counts)
    expect(svg.startsWith('<svg viewBox="0 0 ')).toBe(true)
    expect(svg.match(/<rect [^>]*data-date=/g)).toHaveLength(2)
    expect(svg).toContain('data-date="2026-11-30" data-count="4"><title>Mon, 30 Nov 2026: 4 reviews</title>')
    expect(svg).toContain('class="fill-emerald-900 dark:fill-emerald-200" data-date="2026-11-30"')
    expect(svg).toContain('class="fill-emerald-300 dark:fill-emerald-800" data-date="2026-11-29"')
    expect(svg).toContain('aria-labelledby="stats-heatmap-summary"')
    expect(svg).toContain('>Less</text>')
    expect(svg.match(/<text /g)?.length).toBeGreaterThan(12)
  })

  it('draws the days without reviews as one path of squares, one per day, where their cells would be', () => {
    const counts = Array.from({ length: 365 }, (_, i) => (i % 7 === 0 ? 3 : 0))
    const svg = heatmapSvg(today - 364, counts)
    const paths = svg.match(/<path d="([^"]*)"[^>]*><title>No reviews<\/title><\/path>/g) ?? []
    expect(paths).toHaveLength(1)
    const squares = paths[0]?.match(/M\d+ \d+/g) ?? []
    expect(squares).toHaveLength(365 - 53)
    // Today (a Monday, weekday row 0) has reviews: a cell, not a square of the path; yesterday
    // (Sunday, row 6) has none: a square at its cell's place, 2 px in from the left edge.
    const cell = svg.match(/<rect x="(\d+)" y="(\d+)"[^>]*data-date="2026-11-30"/)
    expect(cell).not.toBeNull()
    const [x, y] = [Number(cell?.[1]), Number(cell?.[2])]
    expect(squares).toContain(`M${x - 13 + 2} ${y + 6 * 13}`)
    expect(squares).not.toContain(`M${x + 2} ${y}`)
  })

  it('a new learner’s empty year is the frame and one path, no cells', () => {
    const svg = heatmapSvg(
      today - 364,
      Array.from({ length: 365 }, () => 0),
    )
    expect(svg.match(/<rect [^>]*data-date=/g)).toBeNull()
    expect(svg.match(/<path /g)).toHaveLength(1)
    expect(svg.length).toBeLessThan(25_000)
  })
})
