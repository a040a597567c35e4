import { allCards } from '@/lib/content/cards'
import { loadCorpus } from '@/lib/content/grading-corpus'
import { suggestGrade } from '@/lib/grading'
const cards = allCards(); const corpus = loadCorpus(['tuning'])
for (const id of process.argv.slice(2)) {
  const a = corpus.find(a => a.id === id)
  const text = a?.text ?? id
  const card = a ? cards.find(c => c.id === a.card)! : cards.find(c => c.id === 'idempotency-keys')!
  console.log(`# ${id}: ${text}`)
  for (const v of suggestGrade(card.points, text).points) console.log(`  ${v.id} ${v.heard ? 'HEARD' : '-'} ${v.contradiction ? 'X ' + v.contradiction.flaw : ''} ${v.evidence.map(e => JSON.stringify(e.text)).join(' ')}`)
  if (a) console.log('  labels', a.points.join(','), a.contradictions.map(c => c.point + ':' + c.flaw).join(','))
}
