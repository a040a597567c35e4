import { describe, expect, it } from 'vitest'
import { heatmapFrameSvg, heatmapSvg } from './heatmap-svg'

// 2026-11-30 is study day 20,422 (a Monday).
const today = Date.UTC(2026, 10, 30) / 86_400_000

describe('heatmapSvg', () => {
  it('draws one cell per day with its date, count, level and tooltip', () => {
    const counts = Array.from({ length: 365 }, (_, i) => (i === 364 ? 4 : i === 363 ? 1 : 0))
    const svg = heatmapSvg(today - 364, counts)
    expect(svg.startsWith('<svg viewBox="0 0 ')).toBe(true)
    expect(svg.match(/<rect [^>]*data-date=/g)).toHaveLength(365)
    expect(svg).toContain('data-date="2026-11-30" data-count="4"><title>Mon, 30 Nov 2026: 4 reviews</title>')
    expect(svg).toContain('class="fill-emerald-900 dark:fill-emerald-200" data-date="2026-11-30"')
    expect(svg).toContain('class="fill-emerald-300 dark:fill-emerald-800" data-date="2026-11-29"')
    expect(svg).toContain('aria-labelledby="stats-heatmap-summary"')
    expect(svg).toContain('>Less</text>')
    expect(svg.match(/<text /g)?.length).toBeGreaterThan(12)
  })
  it('the frame the server sends is the same drawing without its cells', () => {
    const counts = Array.from({ length: 365 }, (_, i) => (i % 7 === 0 ? 3 : 0))
    const full = heatmapSvg(today - 364, counts)
    const frame = heatmapFrameSvg(today - 364, counts.length)
    expect(frame.match(/<rect [^>]*data-date=/g)).toBeNull()
    expect(frame).not.toContain(': 3 reviews')
    // The same size, labels and legend: the page does not move when the cells are drawn.
    const withoutCells = full.replace(/<rect [^>]*data-date="[^"]*"[^>]*><title>[^<]*<\/title><\/rect>/g, '')
    expect(frame).toBe(withoutCells)
    expect(frame).toContain('>Less</text>')
  })
})
