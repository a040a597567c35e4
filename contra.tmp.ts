import { allCards } from '@/lib/content/cards'
import { loadCorpus } from '@/lib/content/grading-corpus'
import { suggestGrade } from '@/lib/grading'
const cards = allCards()
for (const a of loadCorpus(['tuning'])) {
  const v = suggestGrade(cards.find(c => c.id === a.card)!.points, a.text).points
  for (const l of a.contradictions) { const f = v.find(x => x.id === l.point)!.contradiction; if (!f || f.flaw !== l.flaw) console.log(a.id, l.point, l.flaw, '→', f?.flaw ?? 'none', '|', a.text) }
  for (const x of v) if (x.contradiction && !a.contradictions.some(c => c.point === x.id)) console.log(a.id, 'EXTRA', x.id, x.contradiction.flaw, x.evidence.map(e=>e.text), '|', a.text)
}
