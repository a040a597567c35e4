'use client'
// The heatmap's drawing (heatmap-svg.ts): the reviews per day cross to the browser once, as
// numbers; the server draws the SVG into the page's HTML and hydration keeps it (kept-markup.tsx).
// Nothing in it is interactive.
import { KeptMarkup } from '../ui/kept-markup'
import { heatmapSvg } from './heatmap-svg'

export function HeatmapDrawing({ firstDay, counts }: { firstDay: number; counts: number[] }) {
  return <KeptMarkup args={[firstDay, counts]} build={heatmapSvg} />
}
