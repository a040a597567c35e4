// `npm run check:server -- --start "<command>" | --target http://127.0.0.1:<port> …`: Drill's ten
// idempotency checks against the learner's own POST /payments (README "Check your own server").
// Exit 0: no check failed; 1: one failed; 2: could not run (one sentence why).
import { randomInt } from 'node:crypto'
import fs from 'node:fs'
import { parseArgs } from '@/lib/check-server/args'
import { formatReport } from '@/lib/check-server/format'
import { reportHtml } from '@/lib/check-server/html'
import { type Running, runCheckServer } from '@/lib/check-server/run'

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2), randomInt(2 ** 31))
  if (!parsed.ok) {
    console.error(parsed.sentence)
    return 2
  }
  let running: Running | undefined
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void (running?.stop() ?? Promise.resolve()).finally(() => process.exit(2))
    })
  const outcome = await runCheckServer(parsed.options, {
    running: (r) => {
      running = r
    },
    say: (line) => console.log(line),
  })
  if (!outcome.ok) {
    console.error(outcome.sentence)
    return 2
  }
  console.log(formatReport(outcome.report))
  try {
    if (parsed.options.json)
      fs.writeFileSync(parsed.options.json, `${JSON.stringify(outcome.report, null, 2)}\n`)
    if (parsed.options.html) fs.writeFileSync(parsed.options.html, reportHtml(outcome.report))
  } catch (error) {
    console.error(`Could not write the report: ${(error as Error).message}.`)
    return 2
  }
  return outcome.report.checks.some((c) => c.verdict === 'fail') ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`The checker could not run: ${(error as Error).message}.`)
    process.exit(2)
  },
)
