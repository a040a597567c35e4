'use client'
// The heatmap's drawing: the reviews per day cross to the browser once, as numbers, and the
// browser draws the cells from them (heatmap-svg.ts). The server renders only the drawing's
// frame (its size, month and weekday labels, legend), so a long history's page does not build,
// compress and send 371 cells with their tooltips; hydration keeps that frame, then the cells
// are drawn at once. Without JavaScript the frame stays empty and the table of active days
// beside it (review-heatmap.tsx) says the same. Nothing in the drawing is interactive.
import { useMemo, useSyncExternalStore } from 'react'
import { heatmapFrameSvg, heatmapSvg } from './heatmap-svg'

const noUpdates = () => () => {}

export function HeatmapDrawing({ firstDay, counts }: { firstDay: number; counts: number[] }) {
  // false on the server and while hydrating (so the markup matches), true from then on.
  const inBrowser = useSyncExternalStore(
    noUpdates,
    () => true,
    () => false,
  )
  const html = useMemo(
    () => (inBrowser ? heatmapSvg(firstDay, counts) : heatmapFrameSvg(firstDay, counts.length)),
    [inBrowser, firstDay, counts],
  )
  // biome-ignore lint/security/noDangerouslySetInnerHtml: built by heatmap-svg.ts, every text escaped
  return <div dangerouslySetInnerHTML={{ __html: html }} />
}
