// A zstd encoder for building test fixtures and benchmark packages: zstd-codec
// (the reference libzstd compiled to WebAssembly, shipped inside the npm package,
// so nothing is downloaded and no `zstd` binary is needed). Drill itself only
// decodes zstd (fzstd); this file is for tests and benchmarks only.
import { createRequire } from 'node:module'

type Simple = { compress(data: Uint8Array, level?: number): Uint8Array | null }
type Codec = { run(callback: (zstd: { Simple: new () => Simple }) => void): void }

let simple: Promise<Simple> | null = null

function encoder(): Promise<Simple> {
  simple ??= new Promise((resolve) => {
    const { ZstdCodec } = createRequire(import.meta.url)('zstd-codec') as { ZstdCodec: Codec }
    ZstdCodec.run((zstd) => resolve(new zstd.Simple()))
  })
  return simple
}

/** The WebAssembly heap is small: large data goes in as several frames, one after another (valid zstd). */
const FRAME_BYTES = 4 * 1024 * 1024

/** zstd frames holding the data (level 3, Anki's default). */
export async function zstdCompress(data: Uint8Array): Promise<Uint8Array> {
  const codec = await encoder()
  const frames: Uint8Array[] = []
  for (let offset = 0; offset < Math.max(1, data.byteLength); offset += FRAME_BYTES) {
    const frame = codec.compress(data.subarray(offset, offset + FRAME_BYTES), 3)
    if (!frame) throw new Error('zstd-codec could not compress')
    frames.push(frame)
  }
  return Buffer.concat(frames)
}
