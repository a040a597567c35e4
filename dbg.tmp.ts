import { allCards } from './lib/content/cards'
import { loadCorpus } from './lib/content/grading-corpus'
import { suggestGrade } from './lib/grading'
const cards = allCards(); const corpus = loadCorpus(['strangers-1', 'tuning'])
const ids = process.argv.slice(2)
for (const a of corpus.filter((x) => ids.length === 0 ? true : ids.includes(x.id))) {
  const card = cards.find((c) => c.id === a.card)!
  const g = suggestGrade(card.points, a.text)
  const heard = g.points.filter((p) => p.heard).map((p) => p.id)
  const ok = heard.length === a.points.length && heard.every((h) => a.points.includes(h))
  if (ok && ids.length === 0) continue
  console.log(`\n${a.id} ${a.card} made [${a.points}] ${a.contradictions.map((c) => 'CONTRA ' + c.point).join(' ')}\n  ${a.text}`)
  for (const p of g.points) console.log(`   ${p.heard ? '+' : p.contradiction ? '!' : ' '} ${p.id} ${p.evidence.map((e) => '«' + e.text + '»').join(' ')} ${p.contradiction ? '→ ' + p.contradiction.text.slice(0, 60) : ''}`)
}
