// `tsx scripts/import-strangers.ts <strangers.json> <split> [<answer-id>=<flaw> …]`: a set of answers written
// by strangers (fields: id, card, text, covered, trap, note — /work/shared/grading/README.md) as corpus files
// content/grading/<split>/<card>.json. A trap is a wrong design of the card's critical point: it becomes a
// contradiction of that point, with the sandbox flaw given on the command line (none given: null). Labels are
// copied as written, never changed; `note` keeps the writer's word on what makes the answer hard.
import fs from 'node:fs'
import path from 'node:path'
import { allCards } from '@/lib/content/cards'
import { corpusDir } from '@/lib/content/grading-corpus'

interface Stranger {
  id: string
  card: string
  text: string
  covered: string[]
  trap: boolean
  note?: string
}

const [source, split, ...flawArgs] = process.argv.slice(2)
if (!source || !split) throw new Error('usage: import-strangers.ts <strangers.json> <split> [id=flaw …]')
const flaws = new Map(flawArgs.map((arg) => arg.split('=') as [string, string]))
const { answers } = JSON.parse(fs.readFileSync(source, 'utf8')) as { answers: Stranger[] }

/** A recognizer's text: no capital letters and no full stops or commas. */
const kindOf = (a: Stranger) =>
  a.trap ? 'wrong-design' : !/[A-Z.,]/.test(a.text) ? 'recognizer' : 'paraphrase'

fs.mkdirSync(path.join(corpusDir, split), { recursive: true })
for (const card of allCards()) {
  const critical = card.points.find((p) => p.critical)?.id
  const mine = answers.filter((a) => a.card === card.id)
  if (mine.length === 0) continue
  const file = {
    card: card.id,
    split,
    answers: mine.map((a) => ({
      id: a.id,
      kind: kindOf(a),
      text: a.text,
      points: a.covered,
      contradictions: a.trap && critical ? [{ point: critical, flaw: flaws.get(a.id) ?? null }] : [],
      ...(a.note ? { note: a.note } : {}),
    })),
  }
  fs.writeFileSync(path.join(corpusDir, split, `${card.id}.json`), `${JSON.stringify(file, null, 2)}\n`)
}
console.log(`${answers.length} answers → content/grading/${split}/`)
