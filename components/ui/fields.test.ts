// The long select's options as markup: what the HTML alone shows and posts before hydration.
import { describe, expect, it } from 'vitest'
import { optionsMarkup } from './fields'

describe('optionsMarkup', () => {
  it('marks only the default selected and escapes every text', () => {
    expect(optionsMarkup(['UTC', 'Europe/Berlin', 'a"<&>'], 'Europe/Berlin')).toBe(
      '<option value="UTC">UTC</option><option value="Europe/Berlin" selected="">Europe/Berlin</option>' +
        '<option value="a&quot;&lt;&amp;&gt;">a&quot;&lt;&amp;&gt;</option>',
    )
  })

  it('marks nothing when the default is not among the values', () => {
    expect(optionsMarkup(['UTC'], 'Mars/Olympus')).not.toContain('selected')
  })
})
