// The Anki package e2e/anki.spec.ts uploads (e2e specs import no app code, so the file
// is committed). One deck, "System Design": a Basic note whose answer is a list (for
// Suggest points), a Basic note with an image and a review history, and a cloze note.
// Beside it, note-types.apkg: tests/anki/note-types.ts (note types of one's own, issue 38).
// Regenerate with `npx tsx tests/anki/e2e-fixture.ts`; tests/anki/e2e-fixture.test.ts
// checks the committed files still import as the spec expects.
import fs from 'node:fs'
import path from 'node:path'
import { type FixtureCollection, legacyPackage, PNG_1X1 } from './build'
import { noteTypesCollection } from './note-types'

export const E2E_FIXTURE_PATH = path.join('e2e', 'fixtures-anki', 'system-design.apkg')
export const E2E_NOTE_TYPES_PATH = path.join('e2e', 'fixtures-anki', 'note-types.apkg')

const DAY = 86_400_000
const T0 = Date.UTC(2026, 0, 5, 9)

export const e2eCollection: FixtureCollection = {
  media: [{ name: 'claim.png', bytes: PNG_1X1 }],
  notes: [
    {
      guid: 'e2e-list-note',
      type: 'basic',
      deck: 'System Design',
      fields: [
        'What does an idempotency key protect against?',
        'Three failures:<ul><li>A retried request charging twice</li><li>A lost response after the charge</li><li>Two concurrent duplicates</li></ul>',
      ],
    },
    {
      guid: 'e2e-image-note',
      type: 'basic',
      deck: 'System Design',
      fields: ['Which row is the claim? <img src="claim.png">', 'The <b>INSERT … ON CONFLICT</b> row'],
      reviews: [
        { atMs: T0, ease: 3, type: 0 },
        { atMs: T0 + 3 * DAY, ease: 3, type: 1 },
        { atMs: T0 + 10 * DAY, ease: 2, type: 1 },
      ],
    },
    {
      guid: 'e2e-cloze-note',
      type: 'cloze',
      deck: 'System Design',
      fields: ['The server {{c1::claims the key}} before it {{c2::charges::calls the provider}}.', ''],
    },
  ],
}

if (import.meta.url === `file://${path.resolve(process.argv[1] ?? '')}`) {
  fs.mkdirSync(path.dirname(E2E_FIXTURE_PATH), { recursive: true })
  fs.writeFileSync(E2E_FIXTURE_PATH, legacyPackage(e2eCollection))
  fs.writeFileSync(E2E_NOTE_TYPES_PATH, legacyPackage(noteTypesCollection))
  console.log(`wrote ${E2E_FIXTURE_PATH} and ${E2E_NOTE_TYPES_PATH}`)
}
