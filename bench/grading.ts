// `npm run bench:grading` — the recall grader (lib/grading) against its labelled corpus
// (content/grading), per card and overall, tuning and held-out apart: exact-match rate (the points heard
// are exactly the points made), precision, recall, critical points heard in a wrong design, contradictions
// found, and the time per suggestion. Targets on held-out: exact ≥ 90 %, precision and recall ≥ 0.95,
// zero critical points heard in a wrong design, ≤ 5 ms per suggestion.
// `--misses` lists the tuning answers the grader got wrong; held-out answers are never listed, so tuning
// the rubrics cannot read them.
import { allCards } from '../lib/content/cards'
import { type CorpusSplit, loadCorpus } from '../lib/content/grading-corpus'
import { suggestGrade } from '../lib/grading'
import {
  addScores,
  emptyScore,
  exactRateOf,
  precisionOf,
  recallOf,
  type Score,
  scoreAnswer,
} from '../lib/grading/score'

const REPEAT = Number(process.env.BENCH_SAMPLES ?? 20)
const TARGET_MS = 5
const showMisses = process.argv.includes('--misses')
const cards = allCards()

const pct = (x: number) => `${(100 * x).toFixed(1)} %`
const row = (name: string, s: Score, [p50, p95]: [number, number]) =>
  `${name.padEnd(30)}${String(s.answers).padStart(5)}${pct(exactRateOf(s)).padStart(9)}${precisionOf(s).toFixed(3).padStart(8)}${recallOf(s).toFixed(3).padStart(8)}${`${s.criticalHeardInWrong}/${s.wrongDesignsOfCritical}`.padStart(9)}${`${s.contradictionsFound}/${s.contradictionsLabelled}`.padStart(8)}${String(s.flawsMatched).padStart(6)}${String(s.contradictionsSpurious).padStart(6)}${p50.toFixed(3).padStart(9)}${p95.toFixed(3).padStart(9)}`

/** The median and 95th percentile time of one suggestion, in ms. */
function timePerSuggestion(
  texts: { points: (typeof cards)[number]['points']; text: string }[],
): [number, number] {
  for (const t of texts) suggestGrade(t.points, t.text) // warm up
  const samples: number[] = []
  for (let r = 0; r < REPEAT; r++)
    for (const t of texts) {
      const started = performance.now()
      suggestGrade(t.points, t.text)
      samples.push(performance.now() - started)
    }
  samples.sort((a, b) => a - b)
  return [
    samples[Math.floor(samples.length / 2)] ?? Number.NaN,
    samples[Math.floor(samples.length * 0.95)] ?? Number.NaN,
  ]
}

const verdicts: string[] = []
for (const split of ['tuning', 'held-out'] as CorpusSplit[]) {
  const corpus = loadCorpus([split])
  console.log(`\n${split} (${corpus.length} answers)`)
  console.log(
    `${'card'.padEnd(30)}${'n'.padStart(5)}${'exact'.padStart(9)}${'prec'.padStart(8)}${'recall'.padStart(8)}${'crit✗'.padStart(9)}${'contra'.padStart(8)}${'flaw'.padStart(6)}${'extra'.padStart(6)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`,
  )
  const total = emptyScore()
  const allTexts: Parameters<typeof timePerSuggestion>[0] = []
  for (const card of cards) {
    const answers = corpus.filter((a) => a.card === card.id)
    const score = emptyScore()
    for (const answer of answers) scoreAnswer(score, card.points, answer)
    const texts = answers.map((a) => ({ points: card.points, text: a.text }))
    allTexts.push(...texts)
    console.log(row(card.id, score, timePerSuggestion(texts)))
    addScores(total, score)
  }
  const times = timePerSuggestion(allTexts)
  const p95 = times[1]
  console.log(row('overall', total, times))
  if (showMisses && split === 'tuning')
    for (const m of total.misses) console.log(`  miss ${m.id}: heard [${m.heard}] made [${m.expected}]`)
  const pass =
    exactRateOf(total) >= 0.9 &&
    precisionOf(total) >= 0.95 &&
    recallOf(total) >= 0.95 &&
    total.criticalHeardInWrong === 0 &&
    p95 <= TARGET_MS
  verdicts.push(`${split}: ${pass ? 'PASS' : 'BELOW'}`)
}
console.log(
  '\ncrit✗ = critical points heard / answers with a wrong design of the critical point; contra = labelled contradictions found; flaw = … with the labelled flaw; extra = contradictions no label holds; p50 / p95 = median / 95th percentile time of one suggestion (the target is on the overall p95)',
)
console.log(
  `targets: exact ≥ 90 %, precision and recall ≥ 0.95, crit✗ 0, p95 ≤ ${TARGET_MS} ms — ${verdicts.join(', ')}`,
)
