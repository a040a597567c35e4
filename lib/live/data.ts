// The live API's reads and writes outside the engine — accounts, the console's account,
// the GET routes' key rows and payments, the liveness probe — on the one async data layer
// (db/sql): the app's SQLite file by default, or PostgreSQL shared by every instance
// (DRILL_DATABASE_URL). One implementation for both; the routes await it either way.
import { healthQueries } from '@/db/queries/health'
import type { Db } from '@/db/sql/db'
import { accountIdForApiKey, createAccount } from './accounts'
import { ensureConsoleAccount, existingConsoleAccount } from './console-account'
import { type LockService, lockServiceOn } from './locks'
import {
  getKeyRowsByAccountId,
  getPaymentByAccountId,
  getPaymentsByAccountId,
  type KeyRowJson,
  type PaymentJson,
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
  /** The account's locks (the live lock service, app/api/locks). */
  locks(accountId: number): LockService
  /**
   * True when the database answers. PostgreSQL that went away answers false (the probe's 503)
   * and the next call tries a fresh connection; SQLite throws as it always has.
   */
  databaseAnswers(): Promise<boolean>
}

export function liveDataOn(db: Db): LiveData {
  return {
    accountIdForApiKey: (apiKey) => accountIdForApiKey(db, apiKey),
    createAccount: (options) => createAccount(db, options),
    existingConsoleAccount: (learnerId) => existingConsoleAccount(db, learnerId),
    ensureConsoleAccount: (learnerId, nowMs) => ensureConsoleAccount(db, learnerId, nowMs),
    keyRows: (accountId) => getKeyRowsByAccountId(db, accountId),
    payments: (accountId) => getPaymentsByAccountId(db, accountId),
    payment: (accountId, paymentId) => getPaymentByAccountId(db, accountId, paymentId),
    locks: (accountId) => lockServiceOn(db, accountId),
    async databaseAnswers() {
      try {
        await healthQueries(db).checkDatabaseAnswers()
        return true
      } catch (error) {
        // A SQLite file that fails `SELECT 1` is broken, not away: no retry would help.
        if (db.dialect !== 'postgres') throw error
        console.error(`[health] PostgreSQL does not answer: ${(error as Error).message}`)
        return false
      }
    },
  }
}
