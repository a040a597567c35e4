import { randomScenario, runScenario } from '@/lib/engine'
const n = 600
const scen = Array.from({ length: n }, (_, i) => randomScenario(i + 1))
const t = performance.now()
for (let i = 0; i < n; i++) await runScenario(scen[i]!, { check: false })
console.log('run no check us', ((performance.now() - t) / n * 1000).toFixed(0))
