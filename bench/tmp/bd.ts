import '../../lib/simulator'
import { scenarioById } from '../../lib/engine'
import { buildDrill } from '../../lib/drills/build'
const ids = (process.env.SC ?? 'in-flight-409').split(',')
const N = Number(process.env.N ?? 300)
for (const id of ids) {
  const s = scenarioById(id)!
  for (let i = 0; i < 30; i++) await buildDrill(s)
  const b: number[] = []
  for (let k = 0; k < 5; k++) { const t = performance.now(); for (let i = 0; i < N / 5; i++) await buildDrill(s); b.push((performance.now() - t) / (N / 5)) }
  b.sort((x, y) => x - y)
  console.log(id.padEnd(24), 'build ms min', b[0]!.toFixed(2), 'med', b[2]!.toFixed(2))
}
