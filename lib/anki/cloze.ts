// Anki's cloze deletions: `{{c1::answer}}` or `{{c1::answer::hint}}`, possibly
// nested. Card N's prompt shows deletion N as `[…]` (or `[hint]`) and every other
// deletion as its text; its answer is the full text, deletion N in bold.

interface Cloze {
  kind: 'cloze'
  n: number
  body: Part[]
  hint: string | null
}
type Part = string | Cloze

const OPEN = /\{\{c(\d+)::/y

/** Parses text into plain runs and (nested) deletions; an unclosed `{{c1::` stays text. */
function parse(text: string): Part[] {
  const root: Part[] = []
  const stack: { cloze: Cloze; parts: Part[]; raw: string }[] = []
  let parts = root
  let run = ''
  let i = 0
  const flush = () => {
    if (run) parts.push(run)
    run = ''
  }
  while (i < text.length) {
    OPEN.lastIndex = i
    const open = OPEN.exec(text)
    if (open) {
      flush()
      const cloze: Cloze = { kind: 'cloze', n: Number(open[1]), body: [], hint: null }
      stack.push({ cloze, parts, raw: open[0] })
      parts = cloze.body
      i += open[0].length
    } else if (stack.length > 0 && text.startsWith('}}', i)) {
      flush()
      const frame = stack.pop() as { cloze: Cloze; parts: Part[] }
      splitHint(frame.cloze)
      frame.parts.push(frame.cloze)
      parts = frame.parts
      i += 2
    } else {
      run += text[i]
      i += 1
    }
  }
  flush()
  // Unclosed deletions: put their text back as it was written.
  while (stack.length > 0) {
    const frame = stack.pop() as { cloze: Cloze; parts: Part[]; raw: string }
    frame.parts.push(frame.raw, ...frame.cloze.body)
    parts = frame.parts
  }
  return root
}

/** `answer::hint`: the hint is what follows the last `::` in the deletion's own text. */
function splitHint(cloze: Cloze): void {
  const last = cloze.body[cloze.body.length - 1]
  if (typeof last !== 'string') return
  const at = last.lastIndexOf('::')
  if (at < 0) return
  cloze.hint = last.slice(at + 2)
  const before = last.slice(0, at)
  if (before) cloze.body[cloze.body.length - 1] = before
  else cloze.body.pop()
}

function render(parts: Part[], show: (cloze: Cloze, inner: string) => string): string {
  return parts.map((part) => (typeof part === 'string' ? part : show(part, render(part.body, show)))).join('')
}

/** The deletion numbers a text uses, ascending. */
export function clozeNumbersOf(text: string): number[] {
  const numbers = new Set<number>()
  const walk = (parts: Part[]) => {
    for (const part of parts)
      if (typeof part !== 'string') {
        numbers.add(part.n)
        walk(part.body)
      }
  }
  walk(parse(text))
  return [...numbers].sort((a, b) => a - b)
}

/** Card N's question: deletion N hidden, the others shown. */
export function clozeQuestion(text: string, n: number): string {
  return render(parse(text), (cloze, inner) => (cloze.n === n ? `[${cloze.hint?.trim() || '…'}]` : inner))
}

/** Card N's answer: the full text, deletion N in bold. */
export function clozeAnswer(text: string, n: number): string {
  return render(parse(text), (cloze, inner) => (cloze.n === n ? `<b>${inner}</b>` : inner))
}
