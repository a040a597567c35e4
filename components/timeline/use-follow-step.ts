// Keeps the selected step's band in view inside the diagram's own scroll box: a trace of
// 180 events is taller than the screen, and a drill starts at its last shown step. Only the
// box scrolls (never the page), and only when the band is out of its view.
import { type RefObject, useEffect } from 'react'
import { stepBand } from './timeline-svg'

function follow(box: HTMLElement, svg: SVGSVGElement, step: number): void {
  const scale = svg.getBoundingClientRect().width / (svg.viewBox.baseVal.width || 1)
  const band = stepBand(step)
  // The band's top within the box's scrolled content, in CSS px.
  const top =
    svg.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop + band.top * scale
  const bottom = top + band.height * scale
  if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight)
    box.scrollTop = Math.max(0, top - (box.clientHeight - band.height * scale) / 2)
}

/**
 * `svg` comes from a callback ref, not a query: the drawing sits in its own Suspense boundary,
 * which on a long trace streams in and hydrates after the player's effects have run.
 * `trace` is what the box shows: a new one is followed too, even at the same step.
 */
export function useFollowStep(
  box: RefObject<HTMLElement | null>,
  svg: SVGSVGElement | null,
  step: number,
  trace: unknown,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `trace` is read from the DOM, not from the prop
  useEffect(() => {
    const el = box.current
    if (!el || !svg) return
    // No measuring here: a read in an effect forces a layout of its own (six players, six
    // layouts before the first paint). A ResizeObserver reports once right after the browser's
    // own layout of the next frame — where reading is free — and again whenever the drawing's
    // scale settles (styles, the rows beside it).
    const resized = new ResizeObserver(() => follow(el, svg, step))
    resized.observe(svg)
    return () => resized.disconnect()
  }, [box, svg, step, trace])
}
