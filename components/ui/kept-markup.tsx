'use client'
// A client leaf whose markup is built from compact data (markup.ts): the data crosses to the
// browser once, the server builds the markup into the page's HTML, and hydration keeps that markup
// as it is — an element whose content is set as HTML is not hydrated inside — so the browser
// neither builds it again nor touches the DOM after load (main-thread work a slow phone feels,
// issue 51). A render the client begins (a client navigation) or new data (a refresh) builds it
// here. `build` must be the same function on both sides: a module-level one, not a closure.
import { useMemo, useState } from 'react'
import { useMountedByClient } from '../use-hydrated'

export function KeptMarkup<T>({ data, build }: { data: T; build: (data: T) => string }) {
  const mountedByClient = useMountedByClient()
  const [hydratedData] = useState(data)
  const keepsServerMarkup = !mountedByClient && data === hydratedData && typeof window !== 'undefined'
  const html = useMemo(() => (keepsServerMarkup ? '' : build(data)), [keepsServerMarkup, build, data])
  return (
    <div
      // The empty string stands for the server's markup on purpose (see above).
      suppressHydrationWarning={keepsServerMarkup}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built by a markup.ts builder, every text escaped
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
