// Reading an Anki package's zip with fflate, guarded against hostile archives:
// the central directory is checked first (entry names, declared sizes, the
// archive's ratio), then the wanted entries are inflated as a stream in small
// steps, every byte counted against the same limits — a lying header cannot get
// past the count. The zip is held in memory once; inflated data goes straight to
// its sink (a temp file for the collection), never to a second copy of the archive.
import { Unzip, UnzipInflate, unzipSync } from 'fflate'
import { Decompress } from 'fzstd'
import { AnkiFileError, refuserFor } from './errors'
import { ANKI_LIMITS, type AnkiLimits } from './limits'

export interface ZipEntryInfo {
  name: string
  compressedBytes: number
  expandedBytes: number
}

export interface EntrySink {
  write(chunk: Uint8Array): void
  end(): void
}

const isRefusal = (error: unknown): error is AnkiFileError => error instanceof AnkiFileError

/** `..` segments, absolute paths and drive letters: an entry must never name a place outside the archive. */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name === '' ||
    name.includes('\0') ||
    /^[/\\]/.test(name) ||
    /^[a-zA-Z]:/.test(name) ||
    name.split(/[/\\]/).some((segment) => segment === '..')
  )
}

const MB = 1024 * 1024
const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`

/** Counts expanded bytes as they appear; throws once they pass the total or the archive's ratio. */
export class ExpansionBudget {
  private expanded = 0
  constructor(
    private readonly file: string,
    private readonly archiveBytes: number,
    private readonly limits: AnkiLimits = ANKI_LIMITS,
  ) {}

  add(bytes: number): void {
    this.expanded += bytes
    checkExpansion(this.file, this.expanded, this.archiveBytes, this.limits, 'expands to')
  }
}

function checkExpansion(
  file: string,
  expandedBytes: number,
  archiveBytes: number,
  limits: AnkiLimits,
  verb: string,
): void {
  const refuse = refuserFor(file)
  if (expandedBytes > limits.expandedBytes)
    throw refuse.overLimit(`the archive ${verb} more than ${megabytes(limits.expandedBytes)} (a zip bomb?)`)
  if (expandedBytes > limits.ratioFloorBytes && expandedBytes > archiveBytes * limits.maxRatio)
    throw refuse.overLimit(`the archive ${verb} more than ${limits.maxRatio} times its size (a zip bomb?)`)
}

/** The archive's entries from its central directory, after the checks that need no inflating. */
export function readZipDirectory(
  zip: Uint8Array,
  file: string,
  limits: AnkiLimits = ANKI_LIMITS,
): ZipEntryInfo[] {
  const refuse = refuserFor(file)
  const entries: ZipEntryInfo[] = []
  try {
    // A filter that takes nothing reads the central directory only.
    unzipSync(zip, {
      filter: (info) => {
        entries.push({ name: info.name, compressedBytes: info.size, expandedBytes: info.originalSize })
        return false
      },
    })
  } catch {
    throw refuse.invalid('is not a zip archive (an .apkg or .colpkg is one)')
  }
  if (entries.length === 0) throw refuse.invalid('the zip archive is empty')
  if (entries.length > limits.zipEntries)
    throw refuse.overLimit(`the archive holds more than ${limits.zipEntries} files`)
  const unsafe = entries.find((entry) => isUnsafeEntryName(entry.name))
  if (unsafe) throw refuse.invalid(`the archive has an unsafe entry name "${unsafe.name}"`)
  const declared = entries.reduce((sum, entry) => sum + entry.expandedBytes, 0)
  checkExpansion(file, declared, zip.byteLength, limits, 'declares')
  return entries
}

/** Bytes pushed to fflate per step: bounds what one step can inflate (deflate expands at most ~1000×). */
const STEP_BYTES = 16 * 1024

/**
 * Streams the entries `sinkFor` wants (it returns null for the rest, which are not
 * inflated). Every inflated byte is counted by `budget`.
 */
export function streamZipEntries(
  zip: Uint8Array,
  file: string,
  sinkFor: (name: string) => EntrySink | null,
  budget: ExpansionBudget,
): void {
  const refuse = refuserFor(file)
  const unzip = new Unzip((entry) => {
    if (isUnsafeEntryName(entry.name))
      throw refuse.invalid(`the archive has an unsafe entry name "${entry.name}"`)
    const sink = sinkFor(entry.name)
    if (!sink) return
    entry.ondata = (error, data, final) => {
      // fflate hands our own refusal (thrown by a sink below) back as the error: keep it.
      if (error)
        throw isRefusal(error) ? error : refuse.invalid(`the archive's entry "${entry.name}" is damaged`)
      budget.add(data.byteLength)
      if (data.byteLength > 0) sink.write(data)
      if (final) sink.end()
    }
    entry.start()
  })
  unzip.register(UnzipInflate)
  try {
    for (let offset = 0; offset < zip.byteLength; offset += STEP_BYTES)
      unzip.push(zip.subarray(offset, offset + STEP_BYTES), offset + STEP_BYTES >= zip.byteLength)
  } catch (error) {
    if (isRefusal(error)) throw error
    throw refuse.invalid('the zip archive is damaged')
  }
}

/** A sink that zstd-decodes what it is given into `inner`, counting decoded bytes against `budget`. */
export function zstdSink(
  file: string,
  entryName: string,
  inner: EntrySink,
  budget: ExpansionBudget,
): EntrySink {
  const refuse = refuserFor(file)
  let ended = false
  const decoder = new Decompress((data, final) => {
    budget.add(data.byteLength)
    if (data.byteLength > 0) inner.write(data)
    if (final && !ended) {
      ended = true
      inner.end()
    }
  })
  const guarded = (push: () => void) => {
    try {
      push()
    } catch (error) {
      if (isRefusal(error)) throw error
      throw refuse.invalid(`"${entryName}" is not a zstd frame that decodes`)
    }
  }
  return {
    write: (chunk) => guarded(() => decoder.push(chunk)),
    end: () => {
      guarded(() => decoder.push(new Uint8Array(0), true))
      if (!ended) throw refuse.invalid(`"${entryName}" is not a zstd frame that decodes (it ends early)`)
    },
  }
}

/** Collects an entry in memory, up to `maxBytes` (beyond it only counts: `overflowed`). */
export class MemorySink implements EntrySink {
  private chunks: Uint8Array[] = []
  bytes = 0
  overflowed = false
  done = false
  constructor(private readonly maxBytes: number) {}
  write(chunk: Uint8Array): void {
    this.bytes += chunk.byteLength
    if (this.bytes > this.maxBytes) {
      this.overflowed = true
      this.chunks = []
      return
    }
    this.chunks.push(chunk.slice())
  }
  end(): void {
    this.done = true
  }
  /** The whole entry, or null when it overflowed. */
  value(): Uint8Array | null {
    if (this.overflowed) return null
    return Buffer.concat(this.chunks)
  }
}
