// Goal: a card template renders as Anki renders it (the manual's "Card Templates" and
// "Checks and errors" pages, rslib/src/template.rs): fields, sections on non-empty and
// empty fields, {{FrontSide}}, filters right to left, special fields, and Anki's own
// errors and blank fronts reported, never thrown.
import { describe, expect, test } from 'vitest'
import { fieldIsEmpty, renderAnkiCard } from './template-render'
import { parseTemplate } from './template-syntax'

const fieldsOf = (record: Record<string, string>) => new Map(Object.entries(record))
const card = (qfmt: string, afmt: string, fields: Record<string, string>, ord = 0) =>
  renderAnkiCard({ qfmt, afmt }, fieldsOf(fields), ord)
const question = (qfmt: string, fields: Record<string, string>, ord = 0) => {
  const rendered = card(qfmt, '', fields, ord)
  if (rendered.kind !== 'card') throw new Error(`not a card: ${JSON.stringify(rendered)}`)
  return rendered.question
}
const answer = (qfmt: string, afmt: string, fields: Record<string, string>, ord = 0) => {
  const rendered = card(qfmt, afmt, fields, ord)
  if (rendered.kind !== 'card') throw new Error(`not a card: ${JSON.stringify(rendered)}`)
  return rendered.answer
}

describe('fields and sections', () => {
  test('{{Field}} is the field as it is; spaces inside the braces do not matter', () => {
    expect(question('<b>{{Front}}</b> / {{ Back }}', { Front: 'a <i>b</i>', Back: 'c' })).toBe(
      '<b>a <i>b</i></b> / c',
    )
  })

  test('empty is only whitespace and empty <br>/<div>; &nbsp; and an image are not empty', () => {
    for (const empty of ['', ' ', '<br>', '<BR/>', '<div />', ' <div> <br> </div>\n'])
      expect(fieldIsEmpty(empty)).toBe(true)
    for (const full of ['x', '&nbsp;', '<img src="a.png">', '<div>x</div>'])
      expect(fieldIsEmpty(full)).toBe(false)
  })

  test('{{#F}} shows its part when F is not empty, {{^F}} when it is; sections nest', () => {
    const qfmt = '{{Front}}{{#Extra}} [{{Extra}}]{{/Extra}}{{^Extra}} (none){{/Extra}}'
    expect(question(qfmt, { Front: 'Q', Extra: 'more' })).toBe('Q [more]')
    expect(question(qfmt, { Front: 'Q', Extra: '<br>' })).toBe('Q (none)')
    expect(question('{{^E}}1{{#F}}2{{#B}}{{F}}{{/B}}{{/F}}{{/E}}', { E: '', F: 'f', B: 'b' })).toBe('12f')
  })

  test('{{FrontSide}} on the answer is the rendered question; on the question it is nothing', () => {
    const fields = { Front: 'Q', Extra: '' }
    const qfmt = '{{Front}}{{^Extra}}!{{/Extra}}{{FrontSide}}'
    expect(question(qfmt, fields)).toBe('Q!')
    expect(answer(qfmt, '{{FrontSide}}<hr id=answer>A', fields)).toBe('Q!<hr id=answer>A')
  })

  test('a {{ with no }} is text; a comment is passed through with the handlebars in it', () => {
    expect(question('{{Front}} {{ nope', { Front: 'Q' })).toBe('Q {{ nope')
    expect(question('<!-- {{Missing}} -->{{Front}}', { Front: 'Q' })).toBe('<!-- {{Missing}} -->Q')
  })

  test('the legacy {{=<% %>=}} delimiters', () => {
    expect(question('{{=<% %>=}}<%Front%><%#Back%>+<%/Back%>', { Front: 'Q', Back: 'b' })).toBe('Q+')
  })
})

describe('filters, applied right to left', () => {
  test('text: drops the HTML', () => {
    expect(question('{{text:Front}}', { Front: '<b>bold</b> &amp; <i>it</i>' })).toBe('bold &amp; it')
  })

  test('hint: folded under the field name; an empty hint is nothing', () => {
    expect(question('{{Front}}{{hint:Extra}}', { Front: 'Q', Extra: 'a clue' })).toBe(
      'Q<details><summary>Extra</summary>a clue</details>',
    )
    expect(question('{{Front}}{{hint:Extra}}', { Front: 'Q', Extra: '' })).toBe('Q')
  })

  test('type: no input on the question; the field itself on the answer', () => {
    const fields = { Front: 'Q', Back: 'answer' }
    expect(question('{{Front}}{{type:Back}}', fields)).toBe('Q')
    expect(answer('{{Front}}{{type:Back}}', '{{FrontSide}}<hr id=answer>{{type:Back}}', fields)).toBe(
      'Q<hr id=answer>answer',
    )
  })

  test('cloze: deletion N hidden on card N, shown on its answer; no deletion N is nothing', () => {
    const fields = { Text: '{{c1::one}} {{c2::two::hint}}' }
    expect(question('{{cloze:Text}}', fields, 0)).toBe('[…] two')
    expect(question('{{cloze:Text}}', fields, 1)).toBe('one [hint]')
    expect(answer('{{cloze:Text}}', '{{cloze:Text}}', fields, 0)).toBe('<b>one</b> two')
    expect(card('{{cloze:Text}}', '', fields, 2)).toEqual({ kind: 'card', question: '', answer: '' })
  })

  test('other filters (tts, furigana, an empty one, an add-on’s) leave the field as it is', () => {
    const fields = { Word: '日本[にほん]' }
    for (const ref of ['{{tts ja_JP:Word}}', '{{furigana:Word}}', '{{::Word}}', '{{my-addon:Word}}'])
      expect(question(ref, fields)).toBe('日本[にほん]')
  })

  test('chained: the filter next to the field first', () => {
    const fields = { Extra: '<b>clue</b>' }
    expect(question('{{hint:text:Extra}}', fields)).toBe('<details><summary>Extra</summary>clue</details>')
    expect(question('{{text:hint:Extra}}', fields)).toBe('Extraclue')
  })
})

test('special fields are fields: {{Tags}}, {{Deck}}, {{Card}}', () => {
  const fields = { Front: 'Q', Tags: 'http verbs', Deck: 'Words::HTTP', Card: 'Spell' }
  expect(question('{{Card}}: {{Front}} ({{Deck}}; {{Tags}})', fields)).toBe(
    'Spell: Q (Words::HTTP; http verbs)',
  )
})

describe('what Anki cannot show is reported, not thrown', () => {
  const fields = { Front: 'Q', Back: 'A' }
  test.each([
    ['{{#Front}}{{Front}}', 'Missing {{/Front}}.'],
    ['{{#Front}}{{Front}}{{/Back}}', 'Found {{/Back}}, but expected {{/Front}}.'],
    ['{{Front}}{{/Front}}', 'Found {{/Front}}, but {{#Front}} or {{^Front}} is missing.'],
    ['{{Front}}{{text:Nope}}', "Found {{text:Nope}}, but there is no field called 'Nope'."],
    ['{{Front}}{{#Nope}}x{{/Nope}}', "Found {{#Nope}}, but there is no field called 'Nope'."],
    // A hidden section is still checked.
    ['{{Front}}{{#Empty}}{{Nope}}{{/Empty}}', "Found {{Nope}}, but there is no field called 'Nope'."],
  ])('%s', (qfmt, problem) => {
    expect(card(qfmt, '{{Back}}', { ...fields, Empty: '' })).toEqual({
      kind: 'broken',
      side: 'front',
      problem,
    })
  })

  test('a broken answer template', () => {
    expect(card('{{Front}}', '{{^Back}}', fields)).toEqual({
      kind: 'broken',
      side: 'back',
      problem: 'Missing {{/Back}}.',
    })
  })

  test('a cloze section ({{#c1}}) is no unknown field', () => {
    expect(question('{{Front}}{{#c1}}x{{/c1}}', fields)).toBe('Q')
  })

  test('a front that shows no non-empty field is blank; a special field that is never empty counts', () => {
    expect(card('{{#Hint}}{{Hint}}{{/Hint}}', '{{Back}}', { ...fields, Hint: '' })).toEqual({ kind: 'blank' })
    expect(card('Always text, no field', '{{Back}}', fields)).toEqual({ kind: 'blank' })
    expect(card('{{Card}}', '{{Back}}', { ...fields, Card: 'Card 1' }).kind).toBe('card')
  })
})

test('the parse keeps filters in the order Anki applies them', () => {
  expect(parseTemplate('{{one:two:B}}')).toEqual({
    ok: true,
    nodes: [{ kind: 'field', key: 'B', filters: ['two', 'one'] }],
  })
})
