import { randomScenario, runScenario, type Flaw } from '@/lib/engine'
const s = randomScenario(Number(process.argv[2]))
console.log(JSON.stringify({ ...s, description: undefined }, null, 0))
const r = await runScenario(s, { config: { flaws: process.argv.slice(3) as Flaw[] } })
for (const e of r.trace.events) console.log(e.i, e.tMs, e.actor, e.kind, e.requestId ?? '', e.accountId ?? '', e.key?.slice(0, 4) ?? '', e.bodyHashLabel ?? '', e.status ?? '', '|', e.detail, e.rows?.idempotencyKeys ? e.rows.idempotencyKeys.map((k) => `${k.key.slice(0, 4)}:${k.status}:v?:${k.resourceId}`).join(' ') : '')
for (const v of r.violations) console.log(v)
