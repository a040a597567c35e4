// The live API's reads and writes outside the engine — accounts, the console's account,
// the GET routes' key rows and payments, the liveness probe — behind one async face, on
// the app's SQLite file (the default: today's synchronous functions, unchanged) or on
// PostgreSQL shared by every instance (DRILL_DATABASE_URL, db/live-pg.ts). The routes
// await it either way.
import type pg from 'pg'
import {
  checkDatabaseAnswersPg,
  ensureConsoleAccountPg,
  findAccountIdByApiKeyHashPg,
  findConsoleAccountIdByLearnerIdPg,
  findPaymentByAccountAndIdPg,
  insertAccountPg,
  listKeyRowsByAccountIdPg,
  listPaymentsByAccountIdPg,
  serverSecretPg,
} from '@/db/live-pg'
import type { Sqlite } from '@/db/open'
import { healthQueries } from '@/db/queries/health'
import { hashApiKey } from '@/db/seed'
import { gateOf } from '@/db/sql/gate'
import { accountIdForApiKey, createAccount, newApiKey } from './accounts'
import { consoleApiKey, ensureConsoleAccount, existingConsoleAccount } from './console-account'
import { CONSOLE_SECRET, newConsoleSecret } from './console-secret'
import {
  getKeyRowsByAccountId,
  getPaymentByAccountId,
  getPaymentsByAccountId,
  type KeyRowJson,
  keyRowJson,
  LIST_LIMIT,
  type PaymentJson,
  paymentJson,
} from './queries'

export interface LiveData {
  accountIdForApiKey(apiKey: string): Promise<number | null>
  createAccount(options: { nowMs: number; label: string | null }): Promise<{ id: number; apiKey: string }>
  existingConsoleAccount(learnerId: string): Promise<number | null>
  ensureConsoleAccount(learnerId: string, nowMs: number): Promise<{ accountId: number; apiKey: string }>
  keyRows(accountId: number): Promise<KeyRowJson[]>
  payments(accountId: number): Promise<PaymentJson[]>
  /** Null for a payment that does not exist or belongs to another account. */
  payment(accountId: number, paymentId: number): Promise<PaymentJson | null>
  /**
   * True when the database answers. PostgreSQL that went away answers false (the probe's 503)
   * and the next call tries a fresh connection; SQLite throws as it always has.
   */
  databaseAnswers(): Promise<boolean>
}

export function sqliteLiveData(sqlite: Sqlite): LiveData {
  // Through the connection's gate: never inside a study transaction that is awaiting (db/sql/gate.ts).
  const gate = gateOf(sqlite)
  const now = async <T>(step: () => T): Promise<T> => gate.run(step)
  return {
    accountIdForApiKey: (apiKey) => now(() => accountIdForApiKey(sqlite, apiKey)),
    createAccount: (options) => now(() => createAccount(sqlite, options)),
    existingConsoleAccount: (learnerId) => now(() => existingConsoleAccount(sqlite, learnerId)),
    ensureConsoleAccount: (learnerId, nowMs) => now(() => ensureConsoleAccount(sqlite, learnerId, nowMs)),
    keyRows: (accountId) => now(() => getKeyRowsByAccountId(sqlite, accountId)),
    payments: (accountId) => now(() => getPaymentsByAccountId(sqlite, accountId)),
    payment: (accountId, paymentId) => now(() => getPaymentByAccountId(sqlite, accountId, paymentId)),
    databaseAnswers: () =>
      now(() => {
        healthQueries(sqlite).checkDatabaseAnswers()
        return true
      }),
  }
}

export function pgLiveData(pool: pg.Pool): LiveData {
  return {
    accountIdForApiKey: (apiKey) => findAccountIdByApiKeyHashPg(pool, hashApiKey(apiKey)),
    async createAccount({ nowMs, label }) {
      const apiKey = newApiKey()
      return { id: await insertAccountPg(pool, { apiKeyHash: hashApiKey(apiKey), label, nowMs }), apiKey }
    },
    existingConsoleAccount: (learnerId) => findConsoleAccountIdByLearnerIdPg(pool, learnerId),
    async ensureConsoleAccount(learnerId, nowMs) {
      // Created once by whichever instance comes first; every instance then reads the same value.
      const secret = await serverSecretPg(pool, {
        name: CONSOLE_SECRET,
        valueIfMissing: newConsoleSecret(),
        nowMs,
      })
      const apiKey = consoleApiKey(secret, learnerId)
      const accountId = await ensureConsoleAccountPg(pool, {
        learnerId,
        apiKeyHash: hashApiKey(apiKey),
        nowMs,
      })
      return { accountId, apiKey }
    },
    keyRows: async (accountId) =>
      (await listKeyRowsByAccountIdPg(pool, accountId, LIST_LIMIT)).map(keyRowJson),
    payments: async (accountId) =>
      (await listPaymentsByAccountIdPg(pool, accountId, LIST_LIMIT)).map(paymentJson),
    async payment(accountId, paymentId) {
      const row = await findPaymentByAccountAndIdPg(pool, accountId, paymentId)
      return row ? paymentJson(row) : null
    },
    async databaseAnswers() {
      try {
        await checkDatabaseAnswersPg(pool)
        return true
      } catch (error) {
        console.error(`[health] PostgreSQL does not answer: ${(error as Error).message}`)
        return false
      }
    },
  }
}
