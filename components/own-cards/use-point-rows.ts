'use client'
// The card form's points: rows with a stable React key, at most one critical, added,
// removed or replaced by a suggestion, with focus moved to where the learner continues.
import { useRef, useState } from 'react'
import type { CardFormValues } from './card-form-values'
import { MAX_POINTS, MIN_POINTS } from './card-form-values'
import { useFocusAfterRender } from './use-focus-after-render'

export interface PointRow {
  /** React key: stable across add/remove. */
  key: number
  id: string
  text: string
  critical: boolean
  cues: string
}

/** Point ids stay stable across edits (history counts misses per point id); new points get the next free pN. */
export function withIds(rows: readonly PointRow[]): PointRow[] {
  const used = new Set(rows.map((row) => row.id).filter(Boolean))
  let n = 1
  return rows.map((row) => {
    if (row.id) return row
    while (used.has(`p${n}`)) n++
    used.add(`p${n}`)
    return { ...row, id: `p${n}` }
  })
}

export function usePointRows(initial: CardFormValues['points'] | undefined) {
  const nextKey = useRef(0)
  const focusAfterRender = useFocusAfterRender()
  const row = (point?: CardFormValues['points'][number]): PointRow => ({
    key: nextKey.current++,
    id: point?.id ?? '',
    text: point?.text ?? '',
    critical: point?.critical ?? false,
    cues: point?.cues ?? '',
  })
  const [points, setPoints] = useState<PointRow[]>(() =>
    initial ? initial.map((p) => row(p)) : Array.from({ length: MIN_POINTS }, () => row()),
  )

  const update = (key: number, change: Partial<PointRow>) =>
    setPoints((rows) =>
      rows.map((r) => {
        if (r.key === key) return { ...r, ...change }
        // At most one critical point: ticking one clears the others.
        return change.critical ? { ...r, critical: false } : r
      }),
    )

  const add = () => {
    if (points.length >= MAX_POINTS) return
    focusAfterRender(`point-${points.length + 1}`)
    setPoints((rows) => [...rows, row()])
  }

  const remove = (key: number) => {
    focusAfterRender('add-point')
    setPoints((rows) => rows.filter((r) => r.key !== key))
  }

  /** The points become `texts` (p1 … pN), the first one focused. */
  const replaceWith = (texts: readonly string[]) => {
    focusAfterRender('point-1')
    setPoints(texts.map((text, index) => ({ ...row(), id: `p${index + 1}`, text })))
  }

  /** Gives new rows their ids before a save, and returns the rows as saved. */
  const numbered = () => {
    const rows = withIds(points)
    setPoints(rows)
    return rows
  }

  return { points, update, add, remove, replaceWith, numbered }
}
