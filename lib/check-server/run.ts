// One run of the checker: the provider, the learner's server (when --start), the ten checks.
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import type { CheckOptions } from './args'
import { type CheckPlan, runChecks } from './checks'
import { type ServerProcess, startServer, waitForAnswer } from './process'
import { type FakeProvider, startProvider } from './provider'
import { type CheckId, REPORT_VERSION, type Report } from './types'

/** The settle window and the start wait; DRILL_CHECK_SETTLE_MS shortens the window for tests only. */
// DRILL_CHECK_START_MS likewise shortens the 30 s wait for the first answer (tests only).
const settleMs = () => Number(process.env.DRILL_CHECK_SETTLE_MS) || 30_000
const startWaitMs = () => Number(process.env.DRILL_CHECK_START_MS) || 30_000

export type Outcome = { ok: true; report: Report } | { ok: false; sentence: string }

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface Running {
  /** Every child gone: called at the end and on SIGINT/SIGTERM. */
  stop(): Promise<void>
}

export async function runCheckServer(
  options: CheckOptions,
  hooks: {
    running?: (r: Running) => void
    say?: (line: string) => void
    /** Each check's plan (what the seed decided) as it starts. */
    plan?: (id: CheckId, plan: CheckPlan) => void
  } = {},
): Promise<Outcome> {
  let provider: FakeProvider | undefined
  let server: ServerProcess | undefined
  const stop = async () => {
    server?.kill('SIGKILL')
    await server?.exited
    await provider?.close()
  }
  hooks.running?.({ stop })
  try {
    try {
      provider = await startProvider(options.providerPort ?? 0)
    } catch {
      return { ok: false, sentence: `Drill's provider could not listen on port ${options.providerPort}.` }
    }
    hooks.say?.(`Drill's provider: ${provider.url} (PROVIDER_URL)`)
    const port = options.target ? new URL(options.target).port || '80' : String(await freePort())
    const base = options.target ? new URL(options.target).origin : `http://127.0.0.1:${port}`
    const env = { PORT: port, PROVIDER_URL: provider.url }
    const start = () => startServer(options.start!, env)
    if (options.start) server = start()
    const down = await waitForAnswer(base, server, startWaitMs())
    if (down) return { ok: false, sentence: down }
    const kill = async () => {
      server?.kill('SIGKILL')
      await server?.exited
    }
    const restart = async () => {
      await kill() // already gone after a kill -9; a server that never charged is stopped here
      server = start()
      return waitForAnswer(base, server, startWaitMs())
    }
    const checks = await runChecks({
      base,
      provider,
      seed: options.seed,
      runId: randomUUID().slice(0, 8),
      mismatchStatus: options.mismatchStatus,
      settleMs: settleMs(),
      onPlan: hooks.plan,
      ...(options.start ? { kill, restart } : {}),
    })
    return { ok: true, report: { version: REPORT_VERSION, target: base, seed: options.seed, checks } }
  } finally {
    await stop()
  }
}
