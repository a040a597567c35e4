// The engine's simulator as this app runs it: the app's migrations and its scenario
// folder (content/scenarios) passed in. Import this module (for its effect) in every
// process or worker that runs scenarios: the sandbox, card timelines, `npm run sim`,
// the fuzz workers, the bench and the unit tests (vitest setupFiles).
import path from 'node:path'
import { migrateSqlite } from '@/db/open'
import { configureSimulator } from '@/lib/engine'

export const SCENARIOS_DIR = path.join(process.cwd(), 'content', 'scenarios')

configureSimulator({ migrate: migrateSqlite, scenariosDir: SCENARIOS_DIR })
