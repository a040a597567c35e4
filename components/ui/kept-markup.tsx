'use client'
// A client leaf whose markup is built from compact data (markup.ts): the data crosses to the
// browser once, the server builds the markup into the page's HTML, and hydration keeps that markup
// as it is — an element whose content is set as HTML is not hydrated inside — so the browser
// neither builds it again nor touches the DOM after load (main-thread work a slow phone feels,
// issue 51). A render the client begins (a client navigation) or new data (a refresh) builds it
// here. `build` must be the same function on both sides (a module-level one, not a closure); its
// arguments come as `args`, compared one by one with those the page was hydrated with.
import { useState } from 'react'
import { useMountedByClient } from '../use-hydrated'

export function KeptMarkup<Args extends unknown[]>({
  args,
  build,
}: {
  args: Args
  build: (...args: Args) => string
}) {
  const mountedByClient = useMountedByClient()
  const [hydratedArgs] = useState(args)
  const sameArgs = args.length === hydratedArgs.length && args.every((arg, i) => arg === hydratedArgs[i])
  const keepsServerMarkup = !mountedByClient && sameArgs && typeof window !== 'undefined'
  return (
    <div
      // The empty string stands for the server's markup on purpose (see above).
      suppressHydrationWarning={keepsServerMarkup}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built by a markup.ts builder, every text escaped
      dangerouslySetInnerHTML={{ __html: keepsServerMarkup ? '' : build(...args) }}
    />
  )
}
