// The recordings live in this browser's IndexedDB and nowhere else: nothing here
// talks to the network. One object store, indexed by card; retention rules in ./retention.
import { RECORDING_LIMITS, recordingsToDrop, type StoredRecordingMeta } from './retention'

export interface StoredRecording extends StoredRecordingMeta {
  durationMs: number
  mimeType: string
  audio: Blob
}

const DB_NAME = 'drill-recordings'
const STORE = 'recordings'
const BY_CARD = 'byCard'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error ?? new Error('recording transaction aborted'))
  })
}

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1)
  req.onupgradeneeded = () => {
    const store = req.result.createObjectStore(STORE, { keyPath: 'id' })
    store.createIndex(BY_CARD, 'cardId')
  }
  return request(req)
}

async function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const db = await open()
  try {
    const tx = db.transaction(STORE, mode)
    const completed = done(tx)
    const result = await work(tx.objectStore(STORE))
    await completed
    return result
  } finally {
    db.close()
  }
}

export function recordingsForCard(cardId: string): Promise<StoredRecording[]> {
  return withStore('readonly', (store) => request(store.index(BY_CARD).getAll(cardId)))
}

/** Stores a take and applies the retention rules in the same transaction. */
export function saveRecording(recording: StoredRecording): Promise<void> {
  return withStore('readwrite', async (store) => {
    // getAll hands back Blob handles, not their bytes: cheap even near the cap.
    const existing = (await request(store.getAll())) as StoredRecording[]
    // Still inside the success callback's microtasks, so the transaction is active.
    for (const id of recordingsToDrop(existing, recording, RECORDING_LIMITS)) store.delete(id)
    store.put(recording)
  })
}

export interface RecordingTotals {
  count: number
  sizeBytes: number
}

export function recordingTotals(): Promise<RecordingTotals> {
  return withStore('readonly', async (store) => {
    const all = (await request(store.getAll())) as StoredRecording[]
    return { count: all.length, sizeBytes: all.reduce((sum, r) => sum + r.sizeBytes, 0) }
  })
}

export function deleteAllRecordings(): Promise<void> {
  return withStore('readwrite', async (store) => {
    await request(store.clear())
  })
}
