// A part of a server-rendered page that React hydrates on its own, after the page's shell: an
// <Activity> boundary (visible). The server renders it in place, as if the boundary were not there
// — unlike a <Suspense> one, it never streams in later, so nothing moves when it does — and React
// then hydrates it at a low priority in slices that yield to the browser, instead of inside the one
// long task that hydrates the page. A tap or key on it before then hydrates it at once and the
// event is replayed, so no input is lost. For a slow phone's main thread (issue 51); the part's
// client components need no change.
import { Activity, type ReactNode } from 'react'

export function HydratesApart({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>
}
