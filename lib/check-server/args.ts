// The command line of `npm run check:server` (pure): flags in, options or one sentence out.
export interface CheckOptions {
  start?: string
  target?: string
  json?: string
  html?: string
  seed: number
  mismatchStatus: number
  providerPort?: number
}

const VALUE_FLAGS = [
  '--start',
  '--target',
  '--json',
  '--html',
  '--seed',
  '--mismatch-status',
  '--provider-port',
]

export type Parsed = { ok: true; options: CheckOptions } | { ok: false; sentence: string }

/** Loopback only: 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

export function parseArgs(argv: string[], defaultSeed: number): Parsed {
  const values: Record<string, string> = {}
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!
    if (!VALUE_FLAGS.includes(flag))
      return { ok: false, sentence: `Unknown flag ${flag}; see README "Check your own server".` }
    const value = argv[i + 1]
    if (value === undefined) return { ok: false, sentence: `The flag ${flag} needs a value.` }
    values[flag] = value
    i++
  }
  const int = (flag: string, min: number, max: number): number | string | undefined => {
    const raw = values[flag]
    if (raw === undefined) return undefined
    const n = Number(raw)
    return Number.isInteger(n) && n >= min && n <= max
      ? n
      : `${flag} must be an integer from ${min} to ${max}.`
  }
  const seed = int('--seed', 0, 2 ** 32 - 1)
  const mismatch = int('--mismatch-status', 400, 599)
  const providerPort = int('--provider-port', 1, 65535)
  for (const v of [seed, mismatch, providerPort]) if (typeof v === 'string') return { ok: false, sentence: v }
  const start = values['--start']
  const target = values['--target']
  if (!start && !target)
    return { ok: false, sentence: 'Name a server: --start "<command>" or --target http://127.0.0.1:<port>.' }
  if (target !== undefined) {
    let url: URL
    try {
      url = new URL(target)
    } catch {
      return { ok: false, sentence: `--target ${target} is not a URL.` }
    }
    if (url.protocol !== 'http:')
      return { ok: false, sentence: `--target must be an http:// URL, not ${url.protocol}.` }
    if (!isLoopback(url.hostname))
      return {
        ok: false,
        sentence: `--target ${url.hostname} is not a loopback address (127.0.0.0/8, ::1, localhost); nothing was sent.`,
      }
    if (start && !url.port) return { ok: false, sentence: '--target needs a port when --start is given.' }
  }
  return {
    ok: true,
    options: {
      start,
      target,
      json: values['--json'],
      html: values['--html'],
      seed: (seed as number | undefined) ?? defaultSeed,
      mismatchStatus: (mismatch as number | undefined) ?? 422,
      providerPort: providerPort as number | undefined,
    },
  }
}
