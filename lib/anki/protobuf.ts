// The few Anki protobuf messages a package holds, read with @bufbuild/protobuf's
// wire reader (field numbers from Anki's proto/anki/*.proto). Unknown fields are
// skipped, as protobuf readers do, so a newer Anki's additions do not break us.
import { BinaryReader, type WireType } from '@bufbuild/protobuf/wire'

type FieldHandler = (reader: BinaryReader, wireType: WireType) => void

/** Reads a message field by field; fields without a handler are skipped. */
function readMessage(bytes: Uint8Array, handlers: Record<number, FieldHandler>): void {
  const reader = new BinaryReader(bytes)
  while (reader.pos < reader.len) {
    const [fieldNo, wireType] = reader.tag()
    const handler = handlers[fieldNo]
    if (handler) handler(reader, wireType)
    else reader.skip(wireType, fieldNo)
  }
}

/** import_export.proto PackageMetadata.Version: 1 legacy anki2, 2 legacy anki21, 3 latest (anki21b). */
export function readPackageVersion(bytes: Uint8Array): number {
  let version = 0
  readMessage(bytes, { 1: (r) => (version = r.int32()) })
  return version
}

export interface MediaEntry {
  name: string
  size: number
}

/** import_export.proto MediaEntries: the zip member named N is entries[N]. */
export function readMediaEntries(bytes: Uint8Array): MediaEntry[] {
  const entries: MediaEntry[] = []
  readMessage(bytes, {
    1: (r) => {
      const entry: MediaEntry = { name: '', size: 0 }
      readMessage(r.bytes(), { 1: (e) => (entry.name = e.string()), 2: (e) => (entry.size = e.uint32()) })
      entries.push(entry)
    },
  })
  return entries
}

/** notetypes.proto Notetype.Config: kind (0 normal, 1 cloze) and, from 2.1.62, the stock kind it began as. */
export function readNotetypeConfig(bytes: Uint8Array): { cloze: boolean; originalStockKind: number } {
  let kind = 0
  let originalStockKind = 0
  readMessage(bytes, { 1: (r) => (kind = r.int32()), 9: (r) => (originalStockKind = r.int32()) })
  return { cloze: kind === 1, originalStockKind }
}

/** notetypes.proto Notetype.Template.Config: the question and answer formats. */
export function readTemplateConfig(bytes: Uint8Array): { qfmt: string; afmt: string } {
  const template = { qfmt: '', afmt: '' }
  readMessage(bytes, { 1: (r) => (template.qfmt = r.string()), 2: (r) => (template.afmt = r.string()) })
  return template
}

/** decks.proto Deck.kind as stored in decks.kind: field 2 set means a filtered deck. */
export function readDeckIsFiltered(bytes: Uint8Array): boolean {
  let filtered = false
  readMessage(bytes, {
    2: (r, wireType) => {
      filtered = true
      r.skip(wireType, 2)
    },
  })
  return filtered
}
