import { permanentRedirect } from 'next/navigation'

// The drills are listed with the cards (the "Timeline drills" section of /cards); a learner
// who trims a drill's URL back to /drills lands there instead of on a 404.
export default function DrillsIndex(): never {
  permanentRedirect('/cards#timeline-drills')
}
