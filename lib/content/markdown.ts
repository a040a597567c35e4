// The one Markdown → HTML render in the app, for built-in model answers and for
// learners' own cards alike (the live preview on /cards/new calls it too).
// Two layers, because learner-written text is untrusted:
// 1. marked never passes raw HTML through: an HTML block or inline tag in the
//    Markdown is shown as text (escaped), not interpreted.
// 2. sanitize-html then keeps only the tags Markdown itself produces, no
//    attributes beyond href/src/alt/title/align, and only http(s)/mailto links —
//    so no script, event handler or `javascript:` URL can survive either layer.
// A render is a pure function of the text, and pages ask for the same model answers on
// every request: the latest renders are kept (bounded; own cards and previews pass through).
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { Lru } from '@/lib/lru'
import { processSlot } from '@/lib/process-memory'

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // Raw HTML in the Markdown is text, never markup.
    html: ({ text }) => escapeHtml(text),
  },
})

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'a',
    'img',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    code: ['class'],
    // GFM task lists render disabled checkboxes.
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
}

/** Renders kept at once: every built-in answer and then some. */
const KEPT_RENDERS = 200

export function markdownToHtml(markdown: string): string {
  const kept = processSlot('markdown-renders', () => new Lru<string, string>(KEPT_RENDERS))
  const found = kept.get(markdown)
  if (found !== undefined) return found
  const html = sanitizeHtml(marked.parse(markdown) as string, sanitizeOptions)
  kept.set(markdown, html)
  return html
}
