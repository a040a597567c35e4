// Anki's card template syntax, parsed the way Anki parses it (rslib/src/template.rs; the
// manual's "Card Templates" pages): `{{Field}}`, `{{filter:…:Field}}` (filters applied
// right to left), `{{#Field}}…{{/Field}}` and `{{^Field}}…{{/Field}}` sections, HTML
// comments left alone, and the legacy `{{=<% %>=}}` delimiters. No Mustache library
// fits: they HTML-escape fields, iterate lists, call lambdas and know no `a:b:Field`.

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'field'; key: string /** In the order Anki applies them (innermost first). */; filters: string[] }
  | { kind: 'section'; key: string; negated: boolean; children: TemplateNode[] }

export type ParsedTemplate = { ok: true; nodes: TemplateNode[] } | { ok: false; problem: string }

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'replace'; inner: string }
  | { kind: 'open'; key: string; negated: boolean }
  | { kind: 'close'; key: string }

const LEGACY_DIRECTIVE = '{{=<% %>=}}'

function classify(handle: string): Token {
  const inner = handle.replace(/^\{+/, '').trim()
  if (inner.length < 2) return { kind: 'replace', inner }
  const rest = inner.slice(1).trimStart()
  if (inner[0] === '#') return { kind: 'open', key: rest, negated: false }
  if (inner[0] === '^') return { kind: 'open', key: rest, negated: true }
  if (inner[0] === '/') return { kind: 'close', key: rest }
  return { kind: 'replace', inner }
}

/** Text, handlebars and comments; a `{{` with no `}}` after it is text, as in Anki. */
function tokensOf(source: string): Token[] {
  let template = source
  let [start, end] = ['{{', '}}']
  if (template.trimStart().startsWith(LEGACY_DIRECTIVE)) {
    template = template.trimStart().slice(LEGACY_DIRECTIVE.length)
    ;[start, end] = ['<%', '%>']
  }
  const tokens: Token[] = []
  let text = ''
  let i = 0
  while (i < template.length) {
    if (template.startsWith(start, i)) {
      const close = template.indexOf(end, i + start.length)
      if (close >= 0) {
        if (text) tokens.push({ kind: 'text', text })
        text = ''
        tokens.push(classify(template.slice(i + start.length, close)))
        i = close + end.length
        continue
      }
    }
    if (template.startsWith('<!--', i)) {
      const close = template.indexOf('-->', i + 4)
      if (close >= 0) {
        // A comment's handlebars are not the template's.
        text += template.slice(i, close + 3)
        i = close + 3
        continue
      }
    }
    text += template[i]
    i += 1
  }
  if (text) tokens.push({ kind: 'text', text })
  return tokens
}

/** `{{one:two:Field}}` → the field `Field`, filters two then one. */
function fieldNode(inner: string): TemplateNode {
  const parts = inner.split(':')
  const key = parts.pop() ?? ''
  return { kind: 'field', key, filters: parts.reverse() }
}

export function parseTemplate(source: string): ParsedTemplate {
  const root: TemplateNode[] = []
  const stack: { key: string; children: TemplateNode[] }[] = []
  let nodes = root
  for (const token of tokensOf(source)) {
    if (token.kind === 'text') nodes.push({ kind: 'text', text: token.text })
    else if (token.kind === 'replace') nodes.push(fieldNode(token.inner))
    else if (token.kind === 'open') {
      const section: TemplateNode = { kind: 'section', key: token.key, negated: token.negated, children: [] }
      nodes.push(section)
      stack.push({ key: token.key, children: nodes })
      nodes = section.children
    } else {
      const open = stack.pop()
      if (!open)
        return {
          ok: false,
          problem: `Found {{/${token.key}}}, but {{#${token.key}}} or {{^${token.key}}} is missing.`,
        }
      if (open.key !== token.key)
        return { ok: false, problem: `Found {{/${token.key}}}, but expected {{/${open.key}}}.` }
      nodes = open.children
    }
  }
  const unclosed = stack.pop()
  if (unclosed) return { ok: false, problem: `Missing {{/${unclosed.key}}}.` }
  return { ok: true, nodes: root }
}
