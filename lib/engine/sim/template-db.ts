// The simulator's database: built once from the app's migrations (passed in, see
// environment.ts; the study-side tables dropped: the engine never touches them), then lent out per
// run from a pool and emptied on return. Reusing connections keeps their prepared
// statements, which is what makes fuzzing thousands of runs a second possible.
import Database from 'better-sqlite3'
import { simulatorEnvironment } from './environment'

const ENGINE_TABLES = ['accounts', 'idempotency_keys', 'payments', 'refunds']

let image: Buffer | undefined
const sequenceSetters = new WeakMap<Database.Database, Database.Statement>()
const pool: Database.Database[] = []
const POOL_MAX = 8

function templateImage(): Buffer {
  if (!image) {
    const db = new Database(':memory:')
    simulatorEnvironment().migrate(db)
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      )
      .all()
      .map((t) => t.name)
    db.pragma('foreign_keys = OFF')
    for (const name of tables) if (!ENGINE_TABLES.includes(name)) db.exec(`DROP TABLE "${name}"`)
    db.exec('VACUUM')
    image = db.serialize()
    db.close()
  }
  return image
}

/** An empty engine database whose first payment id is `firstPaymentId`. Give it back with `releaseEngineDatabase`. */
export function freshEngineDatabase(firstPaymentId = 1): Database.Database {
  const db = pool.pop() ?? new Database(templateImage())
  if (firstPaymentId > 1) {
    // AUTOINCREMENT continues after the stored sequence: the first payment gets firstPaymentId.
    let setSequence = sequenceSetters.get(db)
    if (!setSequence) {
      setSequence = db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('payments', ?)")
      sequenceSetters.set(db, setSequence)
    }
    setSequence.run(firstPaymentId - 1)
  }
  return db
}

const RESET_TABLES = ['refunds', 'payments', 'idempotency_keys', 'accounts', 'sqlite_sequence']
const resets = new WeakMap<Database.Database, () => void>()

export function releaseEngineDatabase(db: Database.Database): void {
  if (pool.length >= POOL_MAX) {
    db.close()
    return
  }
  let reset = resets.get(db)
  if (!reset) {
    // One transaction for all the deletes: one commit instead of five.
    const statements = RESET_TABLES.map((t) => db.prepare(`DELETE FROM ${t}`))
    reset = db.transaction(() => {
      for (const s of statements) s.run()
    })
    resets.set(db, reset)
  }
  reset()
  pool.push(db)
}
