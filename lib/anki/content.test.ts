// Goal: Anki's note types become the cards the issue names, and a field's HTML comes
// out of the one sanitizer inert, with images only from Drill's media route.
import { describe, expect, test } from 'vitest'
import { htmlToText } from '@/lib/content/markdown'
import { suggestPoints } from '@/lib/own-cards/suggest-points'
import { PNG_1X1 } from '@/tests/anki/build'
import { HOSTILE_FIELD } from '@/tests/anki/sample'
import { clozeAnswer, clozeNumbersOf, clozeQuestion } from './cloze'
import { fieldToStoredHtml } from './field-html'
import { imageTypeOf } from './media-types'
import { stockKindOf } from './stock'
import { shownFieldsOf } from './templates'

describe('field HTML', () => {
  const attacks = [
    HOSTILE_FIELD,
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href=" JaVaScRiPt:alert(1)">x</a>',
    '<img src="data:image/png;base64,AAAA">',
    '<img src="//evil.example/x.png">',
    '<img src="/api/media/../../api/export">',
    '<svg onload=alert(1)><circle/></svg>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<div style="background:url(https://evil.example/x)">x</div>',
    '<style>body{background:url(https://evil.example)}</style>',
    '<object data="https://evil.example/x.swf"></object>',
    '<form action="https://evil.example"><input name=a></form>',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<<script>script>alert(1)<</script>/script>',
  ]
  test.each(attacks)('%s comes out inert', (html) => {
    const stored = fieldToStoredHtml(html, (name) => (name === 'key.png' ? '/api/media/abc' : null))
    for (const tag of stored.match(/<[a-zA-Z][^>]*>/g) ?? []) {
      expect(tag).not.toMatch(/^<(script|iframe|object|embed|svg|math|style|link|meta|form|base|input)\b/i)
      expect(tag).not.toMatch(/\s(on[a-z]+|style|class)\s*=/i)
      expect(tag).not.toMatch(/\s(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i)
      if (/^<img/i.test(tag)) expect(tag).toMatch(/ src="\/api\/media\/[a-z0-9-]+"/)
    }
    expect(stored).not.toMatch(/evil\.example|tracker\.example/)
  })

  test('keeps what Anki’s editor writes: bold, italics, lists, tables, line breaks', () => {
    expect(
      fieldToStoredHtml(
        '<b>a</b> <i>b</i> <u>c</u><br><ul><li>x</li></ul><font color=red>red</font>',
        () => null,
      ),
    ).toBe('<b>a</b> <i>b</i> <u>c</u><br /><ul><li>x</li></ul>red')
  })

  test('sounds and LaTeX stay as text with a note; storing twice changes nothing', () => {
    const once = fieldToStoredHtml('Hear [sound:a.mp3] and [latex]x^2[/latex]', () => null)
    expect(once).toContain('[sound: a.mp3 — not played in Drill]')
    expect(once).toContain('[latex]x^2[/latex]')
    expect(once).toContain('LaTeX is shown as source')
    expect(fieldToStoredHtml(once, () => null)).toBe(once)
  })
})

test('cloze: card N hides deletion N as […] or its hint; the answer is the full text', () => {
  const text = 'A {{c1::token bucket}} refills at a {{c2::fixed rate::speed}}; {{c3::outer {{c4::inner}}}}'
  expect(clozeNumbersOf(text)).toEqual([1, 2, 3, 4])
  expect(clozeQuestion(text, 1)).toBe('A […] refills at a fixed rate; outer inner')
  expect(clozeQuestion(text, 2)).toBe('A token bucket refills at a [speed]; outer inner')
  expect(clozeQuestion(text, 4)).toBe('A token bucket refills at a fixed rate; outer […]')
  expect(htmlToText(clozeAnswer(text, 2))).toBe('A token bucket refills at a fixed rate; outer inner')
})

test('templates: shown fields, not conditions or Anki’s own', () => {
  expect(
    shownFieldsOf('{{#Add Reverse}}{{Back}}{{/Add Reverse}}{{FrontSide}}{{text:Extra}}{{tts en_US:Word}}'),
  ).toEqual(['Back', 'Extra', 'Word'])
  expect(shownFieldsOf('{{Front}}{{type:Back}}')).toEqual(['Front'])
  expect(shownFieldsOf('{{Front}}{{type:Back}}', { typed: true })).toEqual(['Front', 'Back'])
})

test('stock note types by recorded kind or English name (with Anki’s duplicate suffix)', () => {
  expect(stockKindOf({ name: 'Basic-a1b2c', cloze: false })).toBe('basic')
  expect(stockKindOf({ name: 'Basic (and reversed card)', cloze: false })).toBe('basic-reversed')
  expect(stockKindOf({ name: 'Einfach', cloze: false, originalStockKind: 1 })).toBe('basic')
  expect(stockKindOf({ name: 'Lückentext', cloze: true })).toBe('cloze')
  expect(stockKindOf({ name: 'Vocabulary', cloze: false })).toBeNull()
})

test('images are known by their bytes; SVG and anything else are not images', () => {
  expect(imageTypeOf(PNG_1X1)).toBe('image/png')
  expect(imageTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
  expect(imageTypeOf(new TextEncoder().encode('GIF89a...'))).toBe('image/gif')
  expect(imageTypeOf(new TextEncoder().encode('<svg onload=alert(1)>'))).toBeNull()
})

test('Suggest points: the answer’s top-level list items, 3 to 7', () => {
  expect(
    suggestPoints(
      '<ul><li>Claim the <b>key</b></li><li>Charge<ul><li>nested</li></ul></li><li>Store &amp; replay</li></ul>',
      'html',
    ),
  ).toEqual({
    kind: 'points',
    texts: ['Claim the key', 'Charge', 'Store & replay'],
  })
  expect(suggestPoints('- one\n- two', 'markdown')).toEqual({ kind: 'too-few', found: 2 })
  const nine = Array.from({ length: 9 }, (_, i) => `- point number ${i + 1}`).join('\n')
  expect(suggestPoints(nine, 'markdown')).toMatchObject({ kind: 'points', texts: { length: 7 } })
})
