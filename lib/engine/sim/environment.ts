// What the simulator needs from the app it runs in, passed in once by the host
// (lib/simulator.ts for this app): how to create the tables (the app's migrations) and
// where the canonical scenario files live. The engine itself reads no app folder.
import type Database from 'better-sqlite3'

export interface SimulatorEnvironment {
  /** Creates the app's tables in a fresh in-memory database (the simulator keeps the engine's). */
  migrate(db: Database.Database): void
  /** The folder of the canonical scenario files (`<id>.json`). */
  scenariosDir: string
}

let environment: SimulatorEnvironment | undefined

/** Called once per process (and per worker thread) before the simulator runs. */
export function configureSimulator(env: SimulatorEnvironment): void {
  environment = env
}

export function simulatorEnvironment(): SimulatorEnvironment {
  if (!environment)
    throw new Error(
      'The simulator is not configured: call configureSimulator({ migrate, scenariosDir }) first (lib/simulator.ts does it for the app).',
    )
  return environment
}
