'use client'
// The heatmap's drawing (heatmap-svg.ts): the reviews per day cross to the browser once, as
// numbers; the server draws the SVG into the page's HTML and hydration keeps it (kept-markup.tsx).
// Nothing in it is interactive.
import { useMemo } from 'react'
import { KeptMarkup } from '../ui/kept-markup'
import { heatmapSvg } from './heatmap-svg'

interface Days {
  firstDay: number
  counts: number[]
}

const draw = ({ firstDay, counts }: Days) => heatmapSvg(firstDay, counts)

export function HeatmapDrawing({ firstDay, counts }: Days) {
  const days = useMemo(() => ({ firstDay, counts }), [firstDay, counts])
  return <KeptMarkup data={days} build={draw} />
}
