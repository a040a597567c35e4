// `npx tsx scripts/make-icons.ts`: draws Drill's app icons (the favicon's "D" on its dark
// square) as PNGs into public/icons — 192 and 512 px, and a 512 px maskable one whose mark
// sits inside the 80 % safe zone. Plain zlib, no image library; the files are committed.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const DARK = [0x18, 0x18, 0x1b]
const LIGHT = [0xfa, 0xfa, 0xfa]

function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** The favicon's geometry on a 32-unit grid: the rounded square, and the "D" stroke (M9 8h7a8 8 0 0 1 0 16H9z). */
function pixel(x: number, y: number, maskable: boolean): number[] | null {
  // Maskable: a full-bleed square, the mark scaled into the central 80 %.
  const scale = maskable ? 0.7 : 1
  const u = (x - 16) / scale + 16
  const v = (y - 16) / scale + 16
  if (!maskable) {
    const r = 7
    const cx = Math.min(Math.max(x, r), 32 - r)
    const cy = Math.min(Math.max(y, r), 32 - r)
    if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null
  }
  const half = 1.75
  const onStem = Math.abs(u - 9) <= half && v >= 8 - half && v <= 24 + half
  const onBars = (Math.abs(v - 8) <= half || Math.abs(v - 24) <= half) && u >= 9 - half && u <= 16
  const d = Math.hypot(u - 16, v - 16)
  const onBow = u >= 16 && Math.abs(d - 8) <= half
  return onStem || onBars || onBow ? LIGHT : DARK
}

function png(size: number, maskable: boolean): Buffer {
  const rows: Buffer[] = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4)
    for (let x = 0; x < size; x++) {
      // Four samples per pixel: smooth edges.
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (const [dx, dy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const) {
        const colour = pixel(((x + dx) / size) * 32, ((y + dy) / size) * 32, maskable)
        if (!colour) continue
        r += colour[0]!
        g += colour[1]!
        b += colour[2]!
        a += 1
      }
      const at = 1 + x * 4
      row[at] = a ? Math.round(r / a) : 0
      row[at + 1] = a ? Math.round(g / a) : 0
      row[at + 2] = a ? Math.round(b / a) : 0
      row[at + 3] = Math.round((a / 4) * 255)
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const out = path.join('public', 'icons')
fs.mkdirSync(out, { recursive: true })
fs.writeFileSync(path.join(out, 'icon-192.png'), png(192, false))
fs.writeFileSync(path.join(out, 'icon-512.png'), png(512, false))
fs.writeFileSync(path.join(out, 'icon-maskable-512.png'), png(512, true))
console.log(`Icons written to ${out}`)
