// Reading a JSON request body with the API's limits: JSON only (415), at most
// 16 KiB (413, checked on the declared length and again on the bytes actually
// read, so a missing or lying Content-Length cannot get past it), parseable (400).

export const MAX_BODY_BYTES = 16 * 1024

export type BodyRead =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'unsupported-media-type' | 'too-large' | 'malformed'; detail: string }

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

export async function readJsonBody(req: Request, limitBytes = MAX_BODY_BYTES): Promise<BodyRead> {
  if (!isJsonContentType(req.headers.get('content-type'))) {
    return { ok: false, reason: 'unsupported-media-type', detail: 'Send the body as application/json.' }
  }
  const declared = Number(req.headers.get('content-length') ?? Number.NaN)
  const tooLarge = {
    ok: false,
    reason: 'too-large',
    detail: `The body is larger than ${limitBytes} bytes.`,
  } as const
  if (Number.isFinite(declared) && declared > limitBytes) return tooLarge
  const bytes = await readLimited(req, limitBytes)
  if (bytes === null) return tooLarge
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) }
  } catch {
    return { ok: false, reason: 'malformed', detail: 'The body is not valid JSON.' }
  }
}
