import { canonicalScenarios, type Flaw, runScenario } from '@/lib/engine'
const only = process.argv[2]
const flaws = process.argv.slice(3) as Flaw[]
for (const s of canonicalScenarios()) {
  if (only && only !== 'all' && s.id !== only) continue
  const r = await runScenario(s, process.argv.length > 3 ? { config: { flaws: flaws.filter((f) => f !== ('none' as Flaw)) } } : {})
  console.log(`== ${s.id}: charges ${r.charges} violations ${r.violations.map((v) => v.id).join(',')}`)
  if (only !== 'all' && only) {
    for (const e of r.trace.events) console.log(e.i, e.tMs, e.actor, e.kind, e.requestId ?? '', e.bodyHashLabel ?? '', e.status ?? '', '|', e.detail)
    for (const v of r.violations) console.log(v)
    for (const n of r.notes) console.log(n)
  }
}
