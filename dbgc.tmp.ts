import { allCards } from './lib/content/cards'
import { loadCorpus } from './lib/content/grading-corpus'
import { suggestGrade, type GradablePoint } from './lib/grading'
const cards = allCards().map((c) => ({ ...c, points: c.points.map(({ id, text, critical, cues }) => ({ id, text, critical, cues }) as GradablePoint) }))
for (const a of loadCorpus(['tuning', 'strangers-1'])) {
  const card = cards.find((c) => c.id === a.card)!
  const crit = card.points.find((p) => p.critical)
  if (!crit || !a.contradictions.some((c) => c.point === crit.id)) continue
  const v = suggestGrade(card.points, a.text).points.find((p) => p.id === crit.id)!
  if (v.heard) console.log(a.id, crit.id, v.evidence.map((e) => e.text), '\n   ', a.text)
}
