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

function escapeMarkup(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => escapes[c] ?? c)
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
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined) html += ` ${name}="${escapeMarkup(value)}"`
  html += '>'
  for (const child of children) html += child.html
  return { html: `${html}</${tag}>` }
}
