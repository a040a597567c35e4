// A large Anki package: the import reports as it goes and can be cancelled. An HTTP
// client (on both databases) reads the streamed lines — the package opened, notes imported
// of all, then the result — and closing the stream half-way stores nothing. In the
// browser, /settings shows the progress bar with its counts and Cancel import.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { legacyPackage } from '../tests/anki/build'
import { largeCollection } from '../tests/anki/large'
import { expect, test } from './fixtures'
import { NO_DB_TAG } from './postgres-names'

const NOTES = 6000
const REVIEWS = 3 * NOTES
const large = Buffer.from(legacyPackage(largeCollection(NOTES)))
const SMALL = path.join('e2e', 'fixtures-anki', 'system-design.apkg')

type Line = { type: string; phase?: string; done?: number; total?: number; cards?: number; reviews?: number }

/** The streamed lines of a response, as they arrive. */
async function* linesOf(response: Response): AsyncGenerator<Line> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    buffer += decoder.decode(value, { stream: !done })
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      yield JSON.parse(buffer.slice(0, end)) as Line
      buffer = buffer.slice(end + 1)
    }
    if (done) return
  }
}

test('an HTTP client sees the import stream its progress, and closing the stream cancels it: nothing stored', async ({
  baseURL,
}) => {
  const base = baseURL as string
  const cookie = `drill-learner=${randomUUID()}`
  const post = (
    bytes: Buffer,
    name: string,
    { signal, stream = true }: { signal?: AbortSignal; stream?: boolean },
  ) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)]), name)
    return fetch(`${base}/api/own-cards/import-anki`, {
      method: 'POST',
      body: form,
      headers: { origin: base, cookie, ...(stream ? { accept: 'application/x-ndjson' } : {}) },
      signal,
    })
  }
  const ownCards = async () => {
    const markdown = await (await fetch(`${base}/api/own-cards/export`, { headers: { cookie } })).text()
    return markdown.match(/^id: /gm)?.length ?? 0
  }

  // Cancelled once a chunk of cards is written.
  const abort = new AbortController()
  const cancelled = await post(large, 'large.apkg', { signal: abort.signal })
  expect(cancelled.status).toBe(200)
  expect(cancelled.headers.get('content-type')).toContain('application/x-ndjson')
  const before: Line[] = []
  try {
    for await (const line of linesOf(cancelled)) {
      before.push(line)
      if (line.phase === 'writing' && (line.done ?? 0) > 0) abort.abort()
    }
  } catch (error) {
    expect((error as Error).name).toBe('AbortError')
  }
  expect(before[0]).toEqual({ type: 'progress', phase: 'reading' })
  expect(before.at(-1)).toMatchObject({ type: 'progress', phase: 'writing', total: NOTES })
  expect(before.some((line) => line.type === 'result')).toBe(false)
  // Another import of the same learner waits for the cancelled one's transaction to end: after
  // it, the learner holds its 4 cards and none of the large package's.
  const small = await post(fs.readFileSync(SMALL), 'small.apkg', { stream: false })
  expect(small.status).toBe(200)
  expect(await small.json()).toMatchObject({ cards: 4 })
  expect(await ownCards()).toBe(4)

  // Whole: progress lines with growing counts, then the result.
  const whole: Line[] = []
  for await (const line of linesOf(await post(large, 'large.apkg', {}))) whole.push(line)
  const written = whole.filter((line) => line.phase === 'writing').map((line) => line.done)
  expect(written[0]).toBe(0)
  expect(written.at(-1)).toBe(NOTES)
  expect(written).toEqual([...written].sort((a, b) => (a ?? 0) - (b ?? 0)))
  expect(whole.at(-1)).toMatchObject({ type: 'result', cards: NOTES, reviews: REVIEWS })
  expect(await ownCards()).toBe(NOTES + 4)
})

// The database side of Cancel is the HTTP test above, on both databases; this is the page's.
test('/settings shows the import’s progress with its counts, and Cancel import stores nothing', {
  tag: NO_DB_TAG,
}, async ({ page }) => {
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Import from Anki' })
  await section
    .getByLabel('Anki package or text file')
    .setInputFiles({ name: 'large.apkg', mimeType: 'application/octet-stream', buffer: large })
  await section.getByRole('button', { name: 'Import from Anki' }).click()
  const progress = page.getByTestId('anki-import-progress')
  await expect(progress.getByText(/^Importing notes: [\d,]+ of 6,000$/)).toBeVisible()
  await expect(progress.getByRole('progressbar', { name: /Importing notes/ })).toHaveAttribute(
    'max',
    String(NOTES),
  )
  await section.getByRole('button', { name: 'Cancel import' }).click()
  await expect(section.getByRole('status')).toHaveText('Import cancelled. Nothing was imported.')
  await expect(progress).toBeHidden()
  await page.reload()
  await expect(page.getByTestId('own-card-count')).toHaveText('0 cards')

  await section
    .getByLabel('Anki package or text file')
    .setInputFiles({ name: 'large.apkg', mimeType: 'application/octet-stream', buffer: large })
  await section.getByRole('button', { name: 'Import from Anki' }).click()
  await expect(section.getByRole('status')).toHaveText(
    `Imported ${NOTES} cards into "Large deck" (${REVIEWS} reviews).`,
    { timeout: 30_000 },
  )
  await expect(progress).toBeHidden()
  await expect(page.getByTestId('own-card-count')).toHaveText(`${NOTES} cards`)
})
