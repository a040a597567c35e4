// Markup as a string, for drawings a client component builds from compact data (the
// data crosses to the browser once; the markup is built on each side, never sent twice).
// Every attribute value and text is escaped.

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeMarkup(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => escapes[c] ?? c)
}

/** `<tag a="1">children</tag>`; undefined attributes are left out. */
export function element(
  tag: string,
  attributes: Record<string, string | number | undefined>,
  ...children: string[]
): string {
  let open = `<${tag}`
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined) open += ` ${name}="${escapeMarkup(value)}"`
  return `${open}>${children.join('')}</${tag}>`
}
