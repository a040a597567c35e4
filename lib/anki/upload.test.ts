// Goal: the upload reader takes the one file in the field `file`, streams it to disk,
// and answers 413 above the cap — on the declared length and on the bytes that came.
import fs from 'node:fs'
import { expect, test } from 'vitest'
import { receiveAnkiUpload } from './upload'

const MB = 1024 * 1024

function formRequest(form: FormData, headers: Record<string, string> = {}): Request {
  return new Request('http://127.0.0.1/api/own-cards/import-anki', { method: 'POST', body: form, headers })
}

test('the file in the field `file` lands in a temp file under its own name', async () => {
  const form = new FormData()
  form.append('note', 'ignored')
  form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'folder/My deck.apkg')
  const upload = await receiveAnkiUpload(formRequest(form), { maxBytes: MB })
  expect(upload.ok).toBe(true)
  if (!upload.ok) return
  expect(upload.fileName).toBe('My deck.apkg')
  expect([...fs.readFileSync(upload.filePath)]).toEqual([1, 2, 3])
  upload.cleanup()
  expect(fs.existsSync(upload.filePath)).toBe(false)
})

test('over the cap → 413, whatever the declared length says', async () => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(2 * MB)]), 'big.apkg')
  const upload = await receiveAnkiUpload(formRequest(form), { maxBytes: MB })
  expect(upload.ok).toBe(false)
  if (upload.ok) return
  expect(upload.response.status).toBe(413)
  expect(upload.response.headers.get('content-type')).toBe('application/problem+json')
})

test('a declared length over the cap is refused before reading', async () => {
  const request = new Request('http://127.0.0.1/x', {
    method: 'POST',
    body: 'x',
    headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(200 * MB) },
  })
  const upload = await receiveAnkiUpload(request, { maxBytes: 100 * MB })
  expect(!upload.ok && upload.response.status).toBe(413)
})

test('not multipart → 415; no file → 400; an empty file → 400', async () => {
  const json = new Request('http://127.0.0.1/x', {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json' },
  })
  const notMultipart = await receiveAnkiUpload(json, { maxBytes: MB })
  expect(!notMultipart.ok && notMultipart.response.status).toBe(415)
  const noFile = new FormData()
  noFile.append('other', 'x')
  const missing = await receiveAnkiUpload(formRequest(noFile), { maxBytes: MB })
  expect(!missing.ok && missing.response.status).toBe(400)
  const empty = new FormData()
  empty.append('file', new Blob([]), 'empty.apkg')
  const nothing = await receiveAnkiUpload(formRequest(empty), { maxBytes: MB })
  expect(!nothing.ok && (await nothing.response.json()).detail).toBe('empty.apkg: the file is empty.')
})
