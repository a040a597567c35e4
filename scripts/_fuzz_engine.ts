import { randomScenario, runScenario, type Flaw } from '@/lib/engine'
const n = Number(process.argv[2] ?? 1000)
const seed0 = Number(process.argv[3] ?? 1)
const flaws = process.argv.slice(4) as Flaw[]
const t = performance.now()
const counts = new Map<string, number>()
let bad = 0
for (let i = 0; i < n; i++) {
  const s = randomScenario(seed0 + i)
  const r = await runScenario(s, { config: { flaws } })
  if (r.violations.length) {
    bad++
    for (const v of new Set(r.violations.map((v) => v.id))) counts.set(v, (counts.get(v) ?? 0) + 1)
    if (bad <= 5) console.log('seed', seed0 + i, r.violations.map((v) => `${v.id} ${v.message} @${v.eventIndex}`).join('\n  '))
  }
  if (r.truncated) console.log('truncated', seed0 + i)
}
const dt = performance.now() - t
console.log(`${n} runs, ${bad} bad, ${(n / dt * 1000).toFixed(0)}/s`, [...counts])
