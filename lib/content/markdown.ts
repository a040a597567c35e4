// The one Markdown → HTML render in the app, for built-in model answers and for
// learners' own cards alike (the live preview on /cards/new calls it too).
// Two layers, because learner-written text is untrusted:
// 1. marked never passes raw HTML through: an HTML block or inline tag in the
//    Markdown is shown as text (escaped), not interpreted.
// 2. sanitize-html then keeps only the tags Markdown itself produces, no
//    attributes beyond href/src/alt/title/align, and only http(s)/mailto links —
//    so no script, event handler or `javascript:` URL can survive either layer.
// Cards imported from Anki are HTML, not Markdown: they skip layer 1 and go through
// the same sanitizer with the same allow-list, plus the inline tags Anki's editor
// writes (b, i, u, sub, sup, div, span), unknown tags unwrapped to their text, and
// images only from Drill's own media route (`/api/media/<id>`): no remote URL loads.
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

/** Where an imported image is served: the only image source an Anki field may keep. */
export const MEDIA_URL_PATTERN = /^\/api\/media\/[a-z0-9-]{1,64}$/

export interface AnkiHtmlOptions {
  /**
   * At import: the URL a media file of the package is served at, or null when it was not
   * imported (then the image is dropped). At render time leave it out.
   */
  mediaUrl?: (fileName: string) => string | null
}

function ankiSanitizeOptions({ mediaUrl }: AnkiHtmlOptions): sanitizeHtml.IOptions {
  return {
    ...sanitizeOptions,
    allowedTags: [
      ...(sanitizeOptions.allowedTags as string[]).filter((tag) => tag !== 'input'),
      'b',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'small',
      'div',
      'span',
      // Anki's `{{hint:Field}}`: folded until asked for (Anki's own is a script-driven link).
      'details',
      'summary',
    ],
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'alt', 'title'],
      th: ['align'],
      td: ['align', 'colspan', 'rowspan'],
      ol: ['start'],
    },
    allowedClasses: {},
    allowedSchemesByTag: { img: [] },
    // Anki's editor writes <font>, <center>, <o:p> …: keep their text, drop the tag.
    disallowedTagsMode: 'discard',
    transformTags: mediaUrl
      ? {
          img: (tagName, attribs) => {
            const name = safeDecode(attribs.src ?? '')
            // An image that was not imported has no source left, and the filter below drops it.
            return { tagName, attribs: { ...attribs, src: (name && mediaUrl(name)) || '' } }
          },
        }
      : {},
    exclusiveFilter: (frame) => frame.tag === 'img' && !MEDIA_URL_PATTERN.test(frame.attribs.src ?? ''),
  }
}

function safeDecode(uri: string): string {
  try {
    return decodeURI(uri).trim()
  } catch {
    return uri.trim()
  }
}

const renderOptions = ankiSanitizeOptions({})
const importOptions = new WeakMap<NonNullable<AnkiHtmlOptions['mediaUrl']>, sanitizeHtml.IOptions>()

/** An Anki field's HTML, sanitized (same allow-list as Markdown output, images same-origin only). */
export function ankiHtmlToHtml(html: string, { mediaUrl }: AnkiHtmlOptions = {}): string {
  if (!mediaUrl) return sanitizeHtml(html, renderOptions)
  let options = importOptions.get(mediaUrl)
  if (!options) {
    options = ankiSanitizeOptions({ mediaUrl })
    importOptions.set(mediaUrl, options)
  }
  return sanitizeHtml(html, options)
}

/** An own card's answer (or an HTML card's prompt) in its format, as safe HTML. */
export function cardTextToHtml(text: string, format: 'markdown' | 'html'): string {
  return format === 'html' ? ankiHtmlToHtml(text) : markdownToHtml(text)
}

/** The text of some HTML, tags dropped and entities decoded, spaces collapsed (titles, lists). */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|hr)\b[^>]*>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  })
  return decodeEntities(text).replace(/\s+/g, ' ').trim()
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1))
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : entity
    }
    return ENTITIES[body.toLowerCase()] ?? entity
  })
}
