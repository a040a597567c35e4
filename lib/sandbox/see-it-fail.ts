// "See it fail": for each flaw, the /sandbox link that opens the flaw's canonical scenario
// (the flaw catalogue's `scenario`, which breaks an invariant with that flaw alone) with
// exactly that flaw switched on — as a shared link (`?s=`), the share-as-URL form, so the
// page opens with the switch on whatever the preset's own config says. The review page
// hands the map to the browser, which shows a link under each contradicted point.
// Server-only (url-state.ts encodes with node:zlib).
import 'server-only'
import '@/lib/simulator'
import { FLAW_CATALOGUE, type Flaw, scenarioById } from '@/lib/engine'
import { withFlaw } from './builder'
import { encodeState, STATE_PARAM } from './url-state'

export type SeeItFailHrefs = Readonly<Record<Flaw, string>>

let hrefs: SeeItFailHrefs | undefined

/** `/sandbox?s=…` per flaw (built once per process: the scenarios are content). */
export function seeItFailHrefs(): SeeItFailHrefs {
  hrefs ??= Object.fromEntries(
    FLAW_CATALOGUE.map(({ id, scenario: scenarioId }) => {
      const scenario = scenarioById(scenarioId)
      if (!scenario)
        throw new Error(`The flaw catalogue names scenario "${scenarioId}", which does not exist`)
      const onlyThisFlaw = withFlaw({ ...scenario, config: { ...scenario.config, flaws: [] } }, id, true)
      return [id, `/sandbox?${STATE_PARAM}=${encodeState(onlyThisFlaw)}`]
    }),
  ) as Record<Flaw, string>
  return hrefs
}
