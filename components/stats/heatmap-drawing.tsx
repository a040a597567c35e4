'use client'
// The heatmap's drawing (heatmap-svg.ts): the reviews per day cross to the browser once, as
// numbers, and the server draws the SVG into the page's HTML. Hydration keeps that markup as it
// is — an element whose content is set as HTML is not hydrated inside — so a phone neither
// builds the drawing again nor re-renders it after load; a render the client begins (a client
// navigation, new counts from a refresh) draws it from the numbers. Nothing in it is interactive.
import { useMemo, useState, useSyncExternalStore } from 'react'
import { heatmapSvg } from './heatmap-svg'

const noUpdates = () => () => {}

export function HeatmapDrawing({ firstDay, counts }: { firstDay: number; counts: number[] }) {
  // False on the server and while hydrating the server's HTML; true in a render the client began.
  const clientRender = useSyncExternalStore(
    noUpdates,
    () => true,
    () => false,
  )
  const [mountedByClient] = useState(clientRender)
  const [hydratedCounts] = useState(counts)
  const keepsServerMarkup = !mountedByClient && counts === hydratedCounts && typeof window !== 'undefined'
  const html = useMemo(
    () => (keepsServerMarkup ? '' : heatmapSvg(firstDay, counts)),
    [keepsServerMarkup, firstDay, counts],
  )
  return (
    <div
      // The empty string stands for the server's markup on purpose (see above).
      suppressHydrationWarning={keepsServerMarkup}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built by heatmap-svg.ts, every text escaped
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
