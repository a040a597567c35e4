// The lease scenarios: the files in the host's scenario folder that say `"protocol": "lease"`,
// validated on load, in teaching order. Server only (reads files); cached per process.
import fs from 'node:fs'
import path from 'node:path'
import { protocolOfFile, scenariosFolder } from '../sim/scenarios'
import { type LeaseScenario, parseLeaseScenario } from './scenario'

/** The teaching order: the pause first (Kleppmann's story), then the other ways to lose a lease. */
export const LEASE_SCENARIO_IDS = [
  'lease-gc-pause',
  'lease-delayed-write',
  'lease-slow-clock',
  'lease-holder-crash',
] as const

let cache: LeaseScenario[] | undefined

export function leaseScenarios(): LeaseScenario[] {
  if (!cache) {
    const folder = scenariosFolder()
    const files = fs.readdirSync(folder).filter((f) => f.endsWith('.json'))
    const all = files
      .filter((f) => protocolOfFile(path.join(folder, f)) === 'lease')
      .map((f) => {
        const parsed = parseLeaseScenario(JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')))
        if (!parsed.ok) throw new Error(`${path.join(folder, f)}: ${parsed.problems.join('; ')}`)
        return parsed.scenario
      })
    const rank = (id: string) => {
      const i = (LEASE_SCENARIO_IDS as readonly string[]).indexOf(id)
      return i < 0 ? LEASE_SCENARIO_IDS.length : i
    }
    cache = all.sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id))
  }
  return cache
}

export function leaseScenarioById(id: string): LeaseScenario | undefined {
  return leaseScenarios().find((s) => s.id === id)
}
