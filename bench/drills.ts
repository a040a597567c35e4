// `npm run bench:drills` — building a drill (the scenario's run, the run of every variant
// that can differ from it, and the question generation; no cache) beside a plain run of the same scenario, per
// canonical scenario. Samples alternate between the two, so load from other processes
// falls on both alike. Target: median build ≤ 5 ms per scenario.
import '../lib/simulator'
import { buildDrill } from '../lib/drills/build'
import { drillRound } from '../lib/drills/round'
import { sameAsBase, variantsOf } from '../lib/drills/variants'
import { canonicalScenarios, runScenario } from '../lib/engine'

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40)
const TARGET_MS = 5

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function timed(fn: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now()
  await fn()
  return performance.now() - started
}

console.log(
  `${'scenario'.padEnd(26)}${'plain run'.padStart(11)}${'drill build'.padStart(13)}${'ratio'.padStart(8)}${'runs'.padStart(6)}   target ≤ ${TARGET_MS} ms`,
)
let worst = 0
for (const scenario of canonicalScenarios()) {
  for (let w = 0; w < 5; w++) await buildDrill(scenario) // warm up
  const plain: number[] = []
  const build: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    plain.push(await timed(() => runScenario(scenario)))
    build.push(
      await timed(async () => {
        const drill = await buildDrill(scenario)
        drillRound(drill, `drill-${scenario.id}`, i)
      }),
    )
  }
  const [p, b] = [median(plain), median(build)]
  const { usage } = await runScenario(scenario, { trackUsage: true })
  const runs = 1 + variantsOf(scenario).filter((v) => !sameAsBase(v, usage)).length
  worst = Math.max(worst, b)
  console.log(
    `${scenario.id.padEnd(26)}${`${p.toFixed(2)} ms`.padStart(11)}${`${b.toFixed(2)} ms`.padStart(13)}${`${(b / p).toFixed(1)}×`.padStart(8)}${String(runs).padStart(6)}   ${b <= TARGET_MS ? 'PASS' : 'BELOW'}`,
  )
}
console.log(
  'runs = engine runs one build makes: the scenario, then each variant that changes a step or setting the scenario used.',
)
console.log(
  `worst median drill build: ${worst.toFixed(2)} ms (${worst <= TARGET_MS ? 'PASS' : 'BELOW'} target ≤ ${TARGET_MS} ms)`,
)
