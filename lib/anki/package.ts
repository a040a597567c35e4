// An uploaded Anki file → its collection, whichever format Anki wrote:
// - .apkg / .colpkg, legacy: collection.anki2 (2.0) or collection.anki21 (2.1),
//   a JSON media map {"0": "cat.png"} and the media files named 0, 1, …;
// - .apkg / .colpkg, current: a `meta` protobuf saying version 3, a zstd
//   collection.anki21b, a zstd protobuf media map and zstd media files (the
//   collection.anki2 beside them is a dummy for old clients and is ignored);
// - .txt: Anki's text export.
// The collection is written to a temp file for better-sqlite3; media are read
// later, only those a note shows.
import fs from 'node:fs'
import path from 'node:path'
import { openCollection } from './collection'
import { refuserFor } from './errors'
import { ANKI_LIMITS, type AnkiLimits } from './limits'
import type { AnkiCollectionInfo, AnkiNoteChunk } from './model'
import { readMediaEntries, readPackageVersion } from './protobuf'
import { readTextExport } from './text-export'
import {
  type EntrySink,
  ExpansionBudget,
  MemorySink,
  readZipDirectory,
  streamZipEntries,
  zstdSink,
} from './zip'

export interface AnkiPackage {
  /** Note types, decks, the media map: the notes, their cards and reviews come from `chunks`. */
  collection: AnkiCollectionInfo
  noteCount: number
  /** The notes in a stable order, `size` at a time, each chunk with its cards and reviews. */
  chunks(size: number): Iterable<AnkiNoteChunk>
  /** Lets go of the collection file. */
  close(): void
  /** Text exports: the line each note came from (what `skipped` names instead of a note id). */
  lineOf: Map<number, number> | null
  /** The bytes of the named media files (as the collection names them); a file over `maxBytes` maps to null. */
  readMedia(names: ReadonlySet<string>, maxBytes: number): Map<string, Uint8Array | null>
}

const TEXT_EXTENSIONS = /\.(txt|csv|tsv)$/i
const MAX_MEDIA_MAP_BYTES = 16 * 1024 * 1024
const MAX_META_BYTES = 64 * 1024

/** Anki 2.1.50+ packages say their version; older ones are known by the collection's name. */
const COLLECTION_BY_VERSION: Record<number, string> = {
  1: 'collection.anki2',
  2: 'collection.anki21',
  3: 'collection.anki21b',
}

function fileSink(filePath: string): EntrySink {
  const fd = fs.openSync(filePath, 'w')
  return {
    write: (chunk) => {
      fs.writeSync(fd, chunk)
    },
    end: () => fs.closeSync(fd),
  }
}

function readLegacyMediaMap(bytes: Uint8Array, refuse: ReturnType<typeof refuserFor>): Map<string, string> {
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    throw refuse.invalid('its media list is not valid JSON')
  }
  const map = new Map<string, string>()
  if (value && typeof value === 'object')
    for (const [entry, name] of Object.entries(value as Record<string, unknown>))
      if (typeof name === 'string') map.set(name, entry)
  return map
}

function readZipPackage(zip: Uint8Array, file: string, tmpDir: string, limits: AnkiLimits): AnkiPackage {
  const refuse = refuserFor(file)
  const entries = readZipDirectory(zip, file, limits)
  const names = new Set(entries.map((entry) => entry.name))
  const zipBudget = new ExpansionBudget(file, zip.byteLength, limits)
  const decodedBudget = new ExpansionBudget(file, zip.byteLength, limits)

  let version = names.has('collection.anki21') ? 2 : names.has('collection.anki2') ? 1 : 0
  if (names.has('meta')) {
    const meta = new MemorySink(MAX_META_BYTES)
    streamZipEntries(zip, file, (name) => (name === 'meta' ? meta : null), zipBudget)
    const bytes = meta.value()
    if (!bytes) throw refuse.invalid('its meta file is too large to be Anki’s')
    try {
      version = readPackageVersion(bytes)
    } catch {
      throw refuse.invalid('its meta file is not the protobuf Anki writes')
    }
    if (!COLLECTION_BY_VERSION[version])
      throw refuse.invalid('it was written by a newer Anki than Drill can read (unknown package version)')
  }
  const collectionEntry = COLLECTION_BY_VERSION[version]
  if (!collectionEntry || !names.has(collectionEntry))
    throw refuse.invalid(
      `it holds no Anki collection (${collectionEntry ?? 'collection.anki2, collection.anki21 or collection.anki21b'})`,
    )
  const zstd = version === 3
  const decoded = (entry: string, sink: EntrySink) =>
    zstd ? zstdSink(file, entry, sink, decodedBudget) : sink

  const collectionPath = path.join(tmpDir, 'collection.sqlite')
  const mediaList = new MemorySink(MAX_MEDIA_MAP_BYTES)
  streamZipEntries(
    zip,
    file,
    (name) =>
      name === collectionEntry
        ? decoded(name, fileSink(collectionPath))
        : name === 'media'
          ? decoded(name, mediaList)
          : null,
    zipBudget,
  )
  let media = new Map<string, string>()
  if (names.has('media')) {
    const bytes = mediaList.value()
    if (!bytes) throw refuse.invalid('its media list is too large')
    if (zstd) {
      try {
        media = new Map(readMediaEntries(bytes).map((entry, index) => [entry.name, String(index)]))
      } catch {
        throw refuse.invalid('its media list is not the protobuf Anki writes')
      }
    } else media = readLegacyMediaMap(bytes, refuse)
  }
  const opened = openCollection(collectionPath, file, collectionEntry, limits)

  return {
    collection: { ...opened.info, media },
    noteCount: opened.noteCount,
    chunks: (size) => opened.chunks(size),
    close: opened.close,
    lineOf: null,
    readMedia(wanted, maxBytes) {
      const byEntry = new Map<string, string>()
      for (const name of wanted) {
        const entry = media.get(name)
        if (entry !== undefined && names.has(entry)) byEntry.set(entry, name)
      }
      const sinks = new Map<string, MemorySink>()
      if (byEntry.size > 0)
        streamZipEntries(
          zip,
          file,
          (entry) => {
            if (!byEntry.has(entry)) return null
            const sink = new MemorySink(maxBytes)
            sinks.set(entry, sink)
            return decoded(entry, sink)
          },
          zipBudget,
        )
      const found = new Map<string, Uint8Array | null>()
      for (const [entry, sink] of sinks) found.set(byEntry.get(entry) as string, sink.value())
      return found
    },
  }
}

/** Reads the uploaded file at `filePath` (named `file` by the learner); temp files go in `tmpDir`. */
export function readAnkiPackage(
  filePath: string,
  file: string,
  tmpDir: string,
  limits: AnkiLimits = ANKI_LIMITS,
): AnkiPackage {
  const bytes = fs.readFileSync(filePath)
  const isZip = bytes.byteLength >= 4 && bytes.readUInt32LE(0) === 0x04034b50
  if (TEXT_EXTENSIONS.test(file) && !isZip) {
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      throw refuserFor(file).invalid('the text file is not UTF-8')
    }
    const { collection, lineOf } = readTextExport(text, file, limits)
    const { notes, cards, reviews, ...info } = collection
    return {
      collection: info,
      noteCount: notes.length,
      *chunks(size) {
        for (let start = 0; start < notes.length; start += size)
          yield { notes: notes.slice(start, start + size), cards, reviews }
      },
      close: () => {},
      lineOf,
      readMedia: () => new Map(),
    }
  }
  return readZipPackage(bytes, file, tmpDir, limits)
}
