import { canonicalScenarios, runScenario } from '@/lib/engine'
for (const s of canonicalScenarios()) {
  await runScenario(s)
  const times: number[] = []
  for (let i = 0; i < 20; i++) { const t = performance.now(); await runScenario(s); times.push(performance.now() - t) }
  times.sort((a, b) => a - b)
  console.log(s.id.padEnd(26), 'median', times[10]!.toFixed(2), 'ms  max', times[19]!.toFixed(2))
}
