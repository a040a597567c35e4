// The sample collection the tests import in every format: a Basic note with an
// image and hostile HTML, a reversed note, a cloze note with a hint, a note of a
// custom type, an optional reversed note without its reverse, a suspended card, a
// card left new, and a review history with entries Drill must skip.
import { type FixtureCollection, PNG_1X1 } from './build'

export const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)
const DAY = 86_400_000

export const HOSTILE_FIELD =
  '<div style="color:red" class="x" onclick="alert(1)">What does an <b>idempotency key</b> protect?' +
  '<img src="key.png" onerror="alert(1)"><img src="https://tracker.example/p.png"><script>alert(1)</script>' +
  '<a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe></div>'

export const sampleCollection: FixtureCollection = {
  media: [
    { name: 'key.png', bytes: PNG_1X1 },
    // Named like an image, but not one: left out.
    { name: 'fake.png', bytes: new TextEncoder().encode('<svg onload=alert(1)></svg>') },
    { name: 'chime.mp3', bytes: new Uint8Array([0x49, 0x44, 0x33, 1, 2, 3]) },
  ],
  notes: [
    {
      guid: 'basic-guid-1',
      type: 'basic',
      deck: 'System Design::Idempotency',
      fields: [HOSTILE_FIELD, 'A retried request is <i>not applied twice</i>. [sound:chime.mp3]'],
      reviews: [
        { atMs: T0, ease: 3, type: 0, durationMs: 12_000 },
        { atMs: T0 + 1 * DAY + 3_600_000, ease: 3, type: 1, durationMs: 9_000 },
        // A manual reschedule and a filtered-deck cram: not recalls, skipped.
        { atMs: T0 + 2 * DAY, ease: 0, type: 4 },
        { atMs: T0 + 2 * DAY + 60_000, ease: 3, type: 3 },
        { atMs: T0 + 5 * DAY, ease: 1, type: 1, durationMs: 20_000 },
        { atMs: T0 + 6 * DAY, ease: 4, type: 2, durationMs: 5_000 },
      ],
    },
    {
      guid: 'reversed-guid-2',
      type: 'reversed',
      deck: 'System Design',
      fields: ['Outbox pattern', 'Write the event in the same transaction as the state change'],
      suspended: [1],
      reviews: [{ ord: 1, atMs: T0 + DAY, ease: 2, type: 0 }],
    },
    {
      guid: 'cloze-guid-3',
      type: 'cloze',
      deck: 'System Design',
      fields: ['A {{c1::token bucket}} refills at a {{c2::fixed rate::speed}}.', 'Rate limiting'],
    },
    {
      guid: 'custom-guid-4',
      type: 'custom',
      deck: 'System Design',
      fields: ['Lease', 'A time-limited claim on a key', 'The in-flight request holds it for 30 s'],
    },
    {
      guid: 'optional-guid-5',
      type: 'optional-reversed',
      deck: 'System Design',
      fields: ['Exactly-once delivery', 'At-least-once delivery plus idempotent processing', ''],
      newCards: [0],
    },
    {
      guid: 'latex-guid-6',
      type: 'basic',
      deck: 'System Design',
      fields: ['Little’s law: [$]L = \\lambda W[/$]', 'Items in the system = arrival rate × time in it'],
    },
  ],
}
