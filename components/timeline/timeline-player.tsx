'use client'
// The trace player as an island (components/when-seen.tsx): the server renders the whole
// live player (the diagram, the rows, the verdicts, the event log, its controls visibly
// disabled) and the browser brings it to life only when it is seen or used. A card page with
// several timelines no longer hydrates several big trees before the phone can answer a tap.
import { WhenSeen } from '../when-seen'
import { LivePlayer, type TimelinePlayerProps } from './live-player'

export type { TimelinePlayerProps } from './live-player'

// Off screen, the browser skips the player's style, layout and paint (a card's timelines are
// below its answer); 40rem stands in for its height until it has been drawn once.
const skippedOffScreen = '[content-visibility:auto] [contain-intrinsic-size:auto_40rem]'

export function TimelinePlayer(props: TimelinePlayerProps) {
  return (
    <WhenSeen version={props.trace} className={skippedOffScreen}>
      <LivePlayer {...props} />
    </WhenSeen>
  )
}
