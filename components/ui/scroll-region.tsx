// A region that scrolls inside a page that never does: a table wider than a phone, a chart kept at a
// readable size, a diagram with many lanes. Keyboard users must be able to focus it to scroll it
// (axe: scrollable-region-focusable, WCAG 2.1.1), and a screen reader must hear what it holds, so it
// always has tabIndex 0 and a name (`aria-labelledby` naming its title, or `aria-label`).
import type { HTMLAttributes, ReactNode, Ref } from 'react'

const OVERFLOW = {
  /** Sideways only (a table, a chart). */
  x: 'overflow-x-auto',
  /** Both ways (a long diagram, with a max height of the caller's). */
  both: 'overflow-auto',
} as const

const FOCUS_RING = {
  blue: 'focus-visible:outline-2 focus-visible:outline-blue-600',
  /** The timeline diagrams' ring. */
  sky: 'focus-visible:outline-2 focus-visible:outline-sky-700',
} as const

type Named = { 'aria-labelledby': string } | { 'aria-label': string }

export type ScrollRegionProps = Named &
  Omit<HTMLAttributes<HTMLElement>, 'tabIndex' | 'className'> & {
    /** `figure` for a table or chart with its title; `section` for a region of a larger view. */
    as?: 'figure' | 'section'
    scroll?: keyof typeof OVERFLOW
    ring?: keyof typeof FOCUS_RING
    /** The region's own look (border, padding, background, max height). */
    className?: string
    ref?: Ref<HTMLElement>
    children: ReactNode
  }

export function ScrollRegion({
  as: Tag = 'figure',
  scroll = 'x',
  ring = 'blue',
  className,
  children,
  ...attributes
}: ScrollRegionProps) {
  return (
    <Tag
      {...attributes}
      tabIndex={0}
      className={[OVERFLOW[scroll], FOCUS_RING[ring], className].filter(Boolean).join(' ')}
    >
      {children}
    </Tag>
  )
}
