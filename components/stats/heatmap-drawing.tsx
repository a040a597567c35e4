'use client'
// The heatmap's drawing: the reviews per day cross to the browser once, as numbers, and
// the SVG is built from them here (heatmap-svg.ts) — on the server for the HTML, and again
// in the browser when the page arrives by client navigation. Hydration keeps the server's
// markup; nothing in it is interactive.
import { useMemo } from 'react'
import { heatmapSvg } from './heatmap-svg'

export function HeatmapDrawing({ firstDay, counts }: { firstDay: number; counts: number[] }) {
  const html = useMemo(() => heatmapSvg(firstDay, counts), [firstDay, counts])
  // biome-ignore lint/security/noDangerouslySetInnerHtml: built by heatmap-svg.ts, every text escaped
  return <div dangerouslySetInnerHTML={{ __html: html }} />
}
