// The one size-capped JSON body reader: JSON content type only (415), at most
// `limitBytes` (413, checked on the declared length and again on the bytes actually
// read, so a missing or lying Content-Length cannot get past it), parseable UTF-8
// JSON (400). Failures come back as ready problem responses.
import { type Checked, problemResponse, refusal } from './problems'

/** The live API's cap: a payment or refund body is a few hundred bytes. */
export const API_BODY_BYTES = 16 * 1024
/** The sandbox's cap: a scenario is a few KB. */
export const SANDBOX_BODY_BYTES = 64 * 1024

/** application/json, or any +json type, with optional parameters (charset). */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false
  const mediaType = header.split(';')[0]?.trim().toLowerCase() ?? ''
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType)
}

async function readLimited(req: Request, limitBytes: number): Promise<Uint8Array | null> {
  if (!req.body) return new Uint8Array(0)
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limitBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes} bytes`
}

/** The body as UTF-8 text, under the same content-type and size rules (for callers that parse it themselves). */
export async function readJsonText(
  req: Request,
  limitBytes: number,
): Promise<Checked<{ value: string; bytes: number }>> {
  if (!isJsonContentType(req.headers.get('content-type')))
    return refusal(problemResponse('unsupported-media-type', 'Send the body as application/json.'))
  const tooLarge = refusal(
    problemResponse('body-too-large', `The body is larger than ${describeBytes(limitBytes)}.`, {
      extra: { limitBytes },
    }),
  )
  const declared = Number(req.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limitBytes) return tooLarge
  const bytes = await readLimited(req, limitBytes)
  if (bytes === null) return tooLarge
  try {
    return {
      ok: true,
      value: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      bytes: bytes.byteLength,
    }
  } catch {
    return refusal(problemResponse('malformed-body', 'The body is not valid UTF-8.'))
  }
}

export async function readJsonBody(
  req: Request,
  limitBytes: number,
): Promise<Checked<{ value: unknown; bytes: number }>> {
  const text = await readJsonText(req, limitBytes)
  if (!text.ok) return text
  try {
    return { ok: true, value: JSON.parse(text.value), bytes: text.bytes }
  } catch {
    return refusal(problemResponse('malformed-body', 'The body is not valid JSON.'))
  }
}
