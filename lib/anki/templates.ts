// Which fields an Anki card template shows. `{{Front}}` shows a field,
// `{{#Field}}…{{/Field}}` and `{{^Field}}` only test one, `{{FrontSide}}` and
// friends are Anki's own, and a filter prefix (`text:`, `cloze:`, `hint:`,
// `tts en_US:`, `type:`) names the field after its last colon.

const SPECIAL = new Set(['FrontSide', 'Tags', 'Deck', 'Subdeck', 'Card', 'CardFlag', 'CardID', 'Type'])

interface FieldRef {
  field: string
  filters: string[]
}

function refsOf(format: string): { content: FieldRef[]; conditions: string[] } {
  const content: FieldRef[] = []
  const conditions: string[] = []
  for (const match of format.matchAll(/\{\{([^{}]+)\}\}/g)) {
    const inner = (match[1] ?? '').trim()
    if (inner.startsWith('#') || inner.startsWith('^')) {
      conditions.push(inner.slice(1).trim())
      continue
    }
    if (inner.startsWith('/') || inner.startsWith('!')) continue
    const parts = inner.split(':')
    const field = (parts.pop() ?? '').trim()
    if (!field || SPECIAL.has(field)) continue
    content.push({ field, filters: parts.map((part) => part.trim().split(/\s+/)[0] ?? '') })
  }
  return { content, conditions }
}

function unique(names: string[]): string[] {
  return [...new Set(names)]
}

/** Fields a format shows, in order; `type:` fields only when asked (they are answers typed in). */
export function shownFieldsOf(format: string, { typed = false }: { typed?: boolean } = {}): string[] {
  return unique(
    refsOf(format)
      .content.filter((ref) => typed || !ref.filters.includes('type'))
      .map((ref) => ref.field),
  )
}

/** Fields shown through the `cloze:` filter. */
export function clozeFieldsOf(format: string): string[] {
  return unique(
    refsOf(format)
      .content.filter((ref) => ref.filters.includes('cloze'))
      .map((ref) => ref.field),
  )
}

/** Fields a `{{#Field}}` section requires: Anki makes the card only when they are not empty. */
export function requiredFieldsOf(format: string): string[] {
  return unique(refsOf(format).conditions.filter((name) => !name.startsWith('^')))
}
