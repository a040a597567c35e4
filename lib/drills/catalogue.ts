// The drills of the canonical scenarios, built once per process (the engine is
// deterministic, so a drill only changes when the engine or a scenario file does) — before
// the server listens (scripts/server.ts), and kept where every Next bundle finds them.
// The simulator needs the app's migrations and scenario folder before any run (lib/simulator.ts).
import '@/lib/simulator'
import { canonicalScenarios, leaseScenarioById, leaseScenarios, scenarioById } from '@/lib/engine'
import { processSlot } from '@/lib/process-memory'
import { buildDrill } from './build'
import { buildLeaseDrill } from './lease-build'
import type { Drill } from './types'

/** Drill card ids: 'drill-<scenario-id>' (card ids and scenario ids share names otherwise). */
export const drillCardId = (scenarioId: string) => `drill-${scenarioId}`
export const scenarioIdOfCard = (cardId: string) => (cardId.startsWith('drill-') ? cardId.slice(6) : null)

export function drillFor(scenarioId: string): Promise<Drill> | null {
  const scenario = scenarioById(scenarioId)
  const lease = scenario ? undefined : leaseScenarioById(scenarioId)
  if (!scenario && !lease) return null
  const built = processSlot('drills', () => new Map<string, Promise<Drill>>())
  let drill = built.get(scenarioId)
  if (!drill) {
    drill = scenario ? buildDrill(scenario) : Promise.resolve(buildLeaseDrill(lease!))
    built.set(scenarioId, drill)
  }
  return drill
}

/** Every scenario's drill (payments', then the lease ones) with at least one question, in scenario order. */
export async function allDrills(): Promise<Drill[]> {
  const ids = [...canonicalScenarios(), ...leaseScenarios()].map((s) => s.id)
  const drills = await Promise.all(ids.map((id) => drillFor(id)))
  return drills.filter((d): d is Drill => d !== null && (d.nextSteps.length > 0 || d.spotGroups.length > 0))
}
