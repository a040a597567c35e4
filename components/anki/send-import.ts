// Sends an Anki file to POST /api/own-cards/import-anki and reports as it goes. XHR, not
// fetch: only XHR tells how much of a large upload has left, and it reads a streamed
// answer as it arrives too. The server answers in JSON lines (Accept: application/x-ndjson):
// progress lines, then the result or a problem; abort() closes the connection, which
// cancels the import on the server (nothing is stored).
import type { AnkiImportSummary } from './import-summary'

export type ImportProgress =
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'reading' }
  | { phase: 'writing'; done: number; total: number }

export type ImportOutcome =
  | { kind: 'imported'; summary: AnkiImportSummary }
  | { kind: 'rejected'; detail: string }
  | { kind: 'cancelled' }

type Line =
  | ({ type: 'progress' } & ImportProgress)
  | ({ type: 'result' } & AnkiImportSummary)
  | { type: 'problem'; problem: { detail?: string } }

export interface SentImport {
  outcome: Promise<ImportOutcome>
  cancel: () => void
}

export function sendAnkiImport(form: FormData, onProgress: (progress: ImportProgress) => void): SentImport {
  const xhr = new XMLHttpRequest()
  let read = 0
  let last: ImportOutcome | null = null
  const readLines = () => {
    if (xhr.status !== 200) return
    const text = xhr.responseText
    for (let end = text.indexOf('\n', read); end >= 0; end = text.indexOf('\n', read)) {
      const line = JSON.parse(text.slice(read, end)) as Line
      read = end + 1
      if (line.type === 'progress') onProgress(line)
      else if (line.type === 'result') {
        const { type: _type, ...summary } = line
        last = { kind: 'imported', summary }
      } else
        last = { kind: 'rejected', detail: line.problem.detail ?? 'The import failed. Nothing was imported.' }
    }
  }
  const outcome = new Promise<ImportOutcome>((resolve) => {
    xhr.upload.onprogress = (event) =>
      onProgress({
        phase: 'uploading',
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
      })
    xhr.onprogress = readLines
    xhr.onload = () => {
      if (xhr.status === 200) {
        readLines()
        resolve(last ?? { kind: 'rejected', detail: 'The answer broke off. Try again.' })
        return
      }
      let detail = `The server answered ${xhr.status}.`
      try {
        detail = (JSON.parse(xhr.responseText) as { detail?: string }).detail ?? detail
      } catch {
        // not a problem body: the status says it
      }
      resolve({ kind: 'rejected', detail })
    }
    xhr.onerror = () => resolve({ kind: 'rejected', detail: 'The upload did not reach Drill. Try again.' })
    xhr.onabort = () => resolve({ kind: 'cancelled' })
  })
  xhr.open('POST', '/api/own-cards/import-anki')
  xhr.setRequestHeader('accept', 'application/x-ndjson')
  xhr.send(form)
  return { outcome, cancel: () => xhr.abort() }
}
