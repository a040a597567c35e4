// Random lease schedules from a seed (chaos and the fuzz): two or three clients asking
// for the lock at random times, writing, sometimes renewing; pauses, crashes, delayed
// messages and drifting clocks. One root seed feeds everything, so the seed alone
// reproduces a schedule. Bounded well inside the scenario limits.
import { prng } from '../sim/random'
import { LEASE_MESSAGES } from './catalogue'
import {
  type LeaseClient,
  type LeaseFault,
  type LeaseScenario,
  leaseScenarioSchema,
  markLeaseParsed,
} from './scenario'

type Random = () => number

const int = (r: Random, min: number, max: number) => min + Math.floor(r() * (max - min + 1))
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)]!

function randomClient(r: Random, index: number): LeaseClient {
  return {
    id: `client-${index + 1}`,
    atMs: index === 0 ? 0 : int(r, 0, 20_000),
    writes: int(r, 0, 3),
    workMs: int(r, 0, 3000),
    ...(r() < 0.3 ? { renewEveryMs: int(r, 1000, 6000) } : {}),
    retryMs: int(r, 200, 3000),
    attempts: int(r, 1, 12),
    release: r() < 0.8,
  }
}

function randomFault(r: Random, clients: readonly LeaseClient[], clocks: Set<string>): LeaseFault | null {
  const client = pick(r, clients).id
  const kind = pick(r, ['pause', 'pause', 'crash', 'delay', 'delay', 'clock'] as const)
  if (kind === 'pause') return { kind, client, atMs: int(r, 0, 20_000), forMs: int(r, 1, 25_000) }
  if (kind === 'crash') return { kind, client, atMs: int(r, 0, 20_000) }
  if (kind === 'delay')
    return { kind, client, message: pick(r, LEASE_MESSAGES), nth: int(r, 1, 3), byMs: int(r, 1, 25_000) }
  if (clocks.has(client)) return null
  clocks.add(client)
  return { kind, client, ratePercent: pick(r, [25, 50, 80, 125, 200, 400]) }
}

export function randomLeaseScenario(seed: number): LeaseScenario {
  const r = prng(seed)
  const clients = Array.from({ length: int(r, 2, 3) }, (_, i) => randomClient(r, i))
  const clocks = new Set<string>()
  const faults: LeaseFault[] = []
  for (let n = int(r, 0, 3); n > 0; n--) {
    const fault = randomFault(r, clients, clocks)
    if (fault) faults.push(fault)
  }
  const scenario = leaseScenarioSchema.parse({
    protocol: 'lease',
    id: 'random',
    title: `Random lease schedule (seed ${seed})`,
    seed,
    firstToken: int(r, 1, 50),
    config: { flaws: [], leaseMs: int(r, 2000, 10_000), clockBoundMs: int(r, 0, 1000) },
    timing: { networkMs: int(r, 0, 20), prepareMs: int(r, 0, 50) },
    clients,
    faults,
  })
  return markLeaseParsed(scenario)
}
