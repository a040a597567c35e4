// The canonical scenarios: the host's scenario folder (content/scenarios in this app,
// see environment.ts), validated on load. Server only (reads files); cached per process.
import fs from 'node:fs'
import path from 'node:path'
import { simulatorEnvironment } from './environment'
import { parseScenario, type Scenario } from './scenario'

/** The canonical order: the card's story first, then the flaws, then the edges. */
export const CANONICAL_SCENARIO_IDS = [
  'lost-response',
  'store-after-charge',
  'select-then-insert-race',
  'in-flight-409',
  'in-flight-wait',
  'crash-in-progress',
  'crash-many-in-flight',
  'provider-timeout',
  'expiry',
  'account-scope',
  'body-mismatch',
] as const

export function scenariosFolder(): string {
  return simulatorEnvironment().scenariosDir
}

/** Reads and validates one scenario file; throws a one-line error naming the file and the problem. */
export function loadScenarioFile(file: string): Scenario {
  let json: unknown
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ScenarioFileError(file, error instanceof Error ? error.message : String(error))
  }
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new ScenarioFileError(file, parsed.problems.join('; '))
  return parsed.scenario
}

export class ScenarioFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`)
    this.name = 'ScenarioFileError'
  }
}

let cache: Scenario[] | undefined

/** A scenario file's `protocol` field (undefined for payments, which never name one). */
export function protocolOfFile(file: string): string | undefined {
  try {
    const json: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
    const protocol = json && typeof json === 'object' ? (json as { protocol?: unknown }).protocol : undefined
    return typeof protocol === 'string' && protocol !== 'payments' ? protocol : undefined
  } catch {
    return undefined // loadScenarioFile says what is wrong with it
  }
}

/** Every scenario in content/scenarios, canonical ones first in their order, then the rest by id. */
export function canonicalScenarios(): Scenario[] {
  if (!cache) {
    const folder = scenariosFolder()
    const files = fs.readdirSync(folder).filter((f) => f.endsWith('.json'))
    // Another protocol's scenarios share the folder (`"protocol": "lease"`, lib/engine/protocols.ts).
    const all = files
      .filter((f) => protocolOfFile(path.join(folder, f)) === undefined)
      .map((f) => loadScenarioFile(path.join(folder, f)))
    const rank = (id: string) => {
      const i = (CANONICAL_SCENARIO_IDS as readonly string[]).indexOf(id)
      return i < 0 ? CANONICAL_SCENARIO_IDS.length : i
    }
    cache = all.sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id))
  }
  return cache
}

export function scenarioById(id: string): Scenario | undefined {
  return canonicalScenarios().find((s) => s.id === id)
}
