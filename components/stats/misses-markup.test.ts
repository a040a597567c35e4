import { expect, test } from 'vitest'
import { cardMissesMarkup } from './misses-markup'

const point = (pointId: string, missed: number, critical = false) => ({
  pointId,
  text: `Point <${pointId}>`,
  critical,
  asked: 4,
  missed,
})

test('a card whose critical point is the most missed says so once, escaped, with a row per point', () => {
  const critical = point('p1', 3, true)
  const html = cardMissesMarkup({
    cardId: 'c&1',
    title: 'Keys "and" <leases>',
    reviews: 4,
    points: [critical, point('p2', 1)],
    critical,
  }).html
  expect(html).toContain('data-testid="misses-c&amp;1"')
  expect(html).toContain(
    '<h3 id="misses-c&amp;1" class="font-semibold">Keys &quot;and&quot; &lt;leases&gt;</h3>',
  )
  expect(html).toContain(
    '<strong>Critical point</strong>: Point &lt;p1&gt; — missed 3 of 4 reviews. Missing it means Again. It is the point you miss most.',
  )
  expect(html).not.toContain('Most missed:')
  expect(html.match(/data-point-id=/g)).toHaveLength(2)
  expect(html).toContain('<rect width="60" height="8" rx="2"></rect></svg><span>75%</span>')
})

test('without a critical point the most missed point is named', () => {
  const html = cardMissesMarkup({
    cardId: 'c2',
    title: 'Plain',
    reviews: 1,
    points: [point('p1', 2), point('p2', 0)],
    critical: null,
  }).html
  expect(html).not.toContain('critical-point')
  expect(html).toContain('Most missed: <strong>Point &lt;p1&gt;</strong> (2 of 4).')
})
