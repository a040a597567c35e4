// Markup as a string, for drawings and tables a client leaf builds from compact data (the
// data crosses to the browser once; each side builds the markup, so it is never sent
// twice). Text goes in only through `text()` and attribute values are always escaped, so
// a learner's card title can never become markup.

/** Built markup; only `element` and `text` make one. */
export interface Markup {
  readonly html: string
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

const needsEscape = /[&<>"']/

function escapeMarkup(value: string | number): string {
  if (typeof value === 'number') return String(value)
  return needsEscape.test(value) ? value.replace(/[&<>"']/g, (c) => escapes[c] ?? c) : value
}

export function text(value: string | number): Markup {
  return { html: escapeMarkup(value) }
}

/** `<tag a="1">children</tag>`; undefined attributes are left out. */
export function element(
  tag: string,
  attributes: Record<string, string | number | undefined>,
  ...children: Markup[]
): Markup {
  let html = `<${tag}`
  // for…in, not Object.entries: a drawing makes hundreds of elements per view.
  for (const name in attributes) {
    const value = attributes[name]
    if (value !== undefined) html += ` ${name}="${escapeMarkup(value)}"`
  }
  html += '>'
  for (const child of children) html += child.html
  return { html: `${html}</${tag}>` }
}
