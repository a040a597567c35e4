// Receives the multipart upload of POST /api/own-cards/import-anki: the one file in
// the form field `file`, streamed to a temp file by busboy and counted as it comes —
// above the cap the route answers 413 without reading further, and the file is never
// held in memory. Failures come back as ready problem responses.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { problemResponse } from '@/lib/http/problems'

export const UPLOAD_FIELD = 'file'

export type AnkiUpload =
  | { ok: true; filePath: string; fileName: string; bytes: number; cleanup: () => void }
  | { ok: false; response: Response }

const MB = 1024 * 1024
/** The form around the file: boundaries and headers. */
const FORM_OVERHEAD_BYTES = 64 * 1024

function tooLarge(maxBytes: number): { ok: false; response: Response } {
  return {
    ok: false,
    response: problemResponse('body-too-large', `The file is larger than ${Math.round(maxBytes / MB)} MB.`, {
      extra: { limitBytes: maxBytes },
    }),
  }
}

function refused(detail: string): { ok: false; response: Response } {
  return { ok: false, response: problemResponse('invalid-anki-file', detail, { extra: { reason: detail } }) }
}

/** The name the learner's file had, without any folder part. */
function baseName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop()?.trim() ?? ''
  return base.slice(0, 200) || 'upload'
}

export async function receiveAnkiUpload(
  request: Request,
  { maxBytes }: { maxBytes: number },
): Promise<AnkiUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    return {
      ok: false,
      response: problemResponse(
        'unsupported-media-type',
        `Send the Anki file as multipart/form-data in the field "${UPLOAD_FIELD}".`,
      ),
    }
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) return tooLarge(maxBytes)
  if (!request.body) return refused(`The form has no field "${UPLOAD_FIELD}".`)

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-upload-'))
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true })
  const filePath = path.join(dir, 'upload')
  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)
  try {
    const outcome = await new Promise<
      | { kind: 'file'; name: string; bytes: number }
      | { kind: 'too-large' }
      | { kind: 'no-file' }
      | { kind: 'malformed' }
    >((resolve) => {
      let parser: busboy.Busboy
      try {
        parser = busboy({
          headers: { 'content-type': contentType },
          limits: { files: 1, fileSize: maxBytes, fields: 10, parts: 12, fieldSize: 4096 },
        })
      } catch {
        resolve({ kind: 'malformed' })
        return
      }
      let file: Promise<{ kind: 'file'; name: string; bytes: number } | { kind: 'too-large' }> | null = null
      parser.on('file', (field, stream, info) => {
        if (field !== UPLOAD_FIELD || file !== null) {
          stream.resume()
          return
        }
        file = new Promise((done) => {
          let bytes = 0
          let over = false
          const out = fs.createWriteStream(filePath)
          stream.on('data', (chunk: Buffer) => {
            bytes += chunk.byteLength
          })
          stream.on('limit', () => {
            over = true
            // Stop reading the rest of the body: the answer is 413 whatever follows.
            body.destroy()
            out.destroy()
            done({ kind: 'too-large' })
          })
          stream.pipe(out)
          out.on('finish', () =>
            done(over ? { kind: 'too-large' } : { kind: 'file', name: baseName(info.filename), bytes }),
          )
          out.on('error', () => done({ kind: 'too-large' }))
        })
        void file.then((result) => {
          if (result.kind === 'too-large') resolve(result)
        })
      })
      parser.on('error', () => resolve({ kind: 'malformed' }))
      parser.on('close', () => {
        if (!file) resolve({ kind: 'no-file' })
        else void file.then(resolve)
      })
      body.on('error', () => resolve({ kind: 'malformed' }))
      body.pipe(parser)
    })
    if (outcome.kind === 'too-large') {
      cleanup()
      return tooLarge(maxBytes)
    }
    if (outcome.kind === 'malformed') {
      cleanup()
      return refused('The body is not a multipart/form-data form that can be read.')
    }
    if (outcome.kind === 'no-file') {
      cleanup()
      return refused(`The form has no file in the field "${UPLOAD_FIELD}".`)
    }
    if (outcome.bytes === 0) {
      cleanup()
      return refused(`${outcome.name}: the file is empty.`)
    }
    return { ok: true, filePath, fileName: outcome.name, bytes: outcome.bytes, cleanup }
  } catch (error) {
    cleanup()
    throw error
  }
}
