// The learner's server: started through the shell in its own process group, killed as a group.
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'

export interface ServerProcess {
  child: ChildProcess
  exited: Promise<number | null>
  kill(signal?: NodeJS.Signals): void
}

export function startServer(command: string, env: Record<string, string>): ServerProcess {
  const child = spawn('sh', ['-c', command], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  })
  child.stderr?.resume()
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    exited,
    kill(signal = 'SIGKILL') {
      try {
        if (child.pid) process.kill(-child.pid, signal)
      } catch {
        // Already gone.
      }
    },
  }
}

/** Any HTTP answer at all means it is up. */
function answers(base: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${base}/`, (res) => {
      res.resume()
      resolve(true)
    })
    req.on('error', () => resolve(false))
    req.setTimeout(1000, () => {
      req.destroy()
      resolve(false)
    })
  })
}

/** Waits up to `timeoutMs` for any HTTP answer; a sentence when it never comes. */
export async function waitForAnswer(
  base: string,
  server: ServerProcess | undefined,
  timeoutMs = 30_000,
): Promise<string | null> {
  let exitCode: number | null | undefined
  void server?.exited.then((code) => {
    exitCode = code
  })
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await answers(base)) return null
    if (exitCode !== undefined)
      return `The start command exited (code ${exitCode}) before the server answered on ${base}.`
    await new Promise((r) => setTimeout(r, 100))
  }
  return `The server did not answer any HTTP request on ${base} within ${Math.round(timeoutMs / 1000)} s.`
}
