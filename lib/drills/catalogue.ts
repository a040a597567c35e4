// The drills of the canonical scenarios, built once per process (the engine is
// deterministic, so a drill only changes when the engine or a scenario file does) — before
// the server listens (scripts/server.ts), and kept where every Next bundle finds them.
// The simulator needs the app's migrations and scenario folder before any run (lib/simulator.ts).
import '@/lib/simulator'
import { canonicalScenarios, scenarioById } from '@/lib/engine'
import { processSlot } from '@/lib/process-memory'
import { buildDrill } from './build'
import type { Drill } from './types'

/** Drill card ids: 'drill-<scenario-id>' (card ids and scenario ids share names otherwise). */
export const drillCardId = (scenarioId: string) => `drill-${scenarioId}`
export const scenarioIdOfCard = (cardId: string) => (cardId.startsWith('drill-') ? cardId.slice(6) : null)

export function drillFor(scenarioId: string): Promise<Drill> | null {
  const scenario = scenarioById(scenarioId)
  if (!scenario) return null
  const built = processSlot('drills', () => new Map<string, Promise<Drill>>())
  let drill = built.get(scenarioId)
  if (!drill) {
    drill = buildDrill(scenario)
    built.set(scenarioId, drill)
  }
  return drill
}

/** Every canonical scenario's drill that has at least one question, in scenario order. */
export async function allDrills(): Promise<Drill[]> {
  const drills = await Promise.all(canonicalScenarios().map((s) => drillFor(s.id)))
  return drills.filter((d): d is Drill => d !== null && (d.nextSteps.length > 0 || d.spotGroups.length > 0))
}
