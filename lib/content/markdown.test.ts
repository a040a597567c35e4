// Goal: learner-written Markdown renders without any way to run script — no
// script/iframe/svg tag, no event handler attribute, no javascript:/data: URL —
// while the built-in model answers render exactly as plain Markdown did.
import fc from 'fast-check'
import { marked } from 'marked'
import { describe, expect, test } from 'vitest'
import { allCards } from './cards'
import { markdownToHtml } from './markdown'

/** Every real tag in the output (text '<' is always escaped, so these are the elements). */
function tagsOf(html: string): string[] {
  return html.match(/<[a-zA-Z][^>]*>/g) ?? []
}

function expectInert(html: string): void {
  for (const tag of tagsOf(html)) {
    expect(tag).not.toMatch(/^<(script|iframe|object|embed|svg|math|style|link|meta|form|base)\b/i)
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i)
    expect(tag).not.toMatch(/\s(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i)
    expect(tag).not.toMatch(/\sstyle\s*=/i)
  }
}

const attacks = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click]( javascript:alert(1) )',
  '![pic](javascript:alert(1))',
  '![pic](x" onerror="alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<svg onload=alert(1)>',
  '<iframe src="https://example.com"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<details open ontoggle=alert(1)>',
  '[ref]\n\n[ref]: javascript:alert(1)',
  '<<script>script>alert(1)<</script>/script>',
]

describe('markdownToHtml', () => {
  test.each(attacks)('renders %s inert', (markdown) => {
    expectInert(markdownToHtml(markdown))
  })

  test('raw HTML is shown as text, not dropped silently or interpreted', () => {
    const html = markdownToHtml('Before <img src=x onerror=alert(1)> after')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(tagsOf(html)).toEqual(['<p>'])
  })

  test('Markdown itself still renders: headings, lists, code, tables, safe links', () => {
    const html = markdownToHtml(
      '### Flow\n\n- **claim** the key\n- `INSERT … ON CONFLICT`\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n[RFC](https://example.com/rfc)',
    )
    expect(html).toContain('<h3>Flow</h3>')
    expect(html).toContain('<strong>claim</strong>')
    expect(html).toContain('<code>INSERT … ON CONFLICT</code>')
    expect(html).toContain('<th align="left">a</th>')
    expect(html).toContain('<a href="https://example.com/rfc">RFC</a>')
  })

  test('built-in model answers render as plain Markdown did (up to how quotes are escaped)', () => {
    const unquote = (html: string) => html.replaceAll('&quot;', '"').replaceAll('&#39;', "'")
    for (const card of allCards()) {
      const before = marked.parse(card.answerMarkdown, { async: false, gfm: true })
      expect(unquote(markdownToHtml(card.answerMarkdown)), card.id).toBe(unquote(before))
    }
  })

  test('property: no mix of Markdown, HTML and attack fragments yields a live tag', () => {
    const fragment = fc.oneof(
      fc.constantFrom(
        ...attacks,
        '**bold**',
        '\n\n',
        '[',
        '](',
        ')',
        '<',
        '>',
        '"',
        "'",
        'javascript:',
        ' on',
      ),
      fc.string({ maxLength: 12 }),
    )
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        expectInert(markdownToHtml(parts.join('')))
      }),
      { numRuns: 500 },
    )
  })
})
