// The demo accounts of db/seed.ts on PostgreSQL: seeded while DRILL_DEMO_ACCOUNTS is not
// '0', removed when it is. Their ids (17, 18) sit below the accounts identity's start
// (FIRST_ASSIGNED_ACCOUNT_ID), so an account created later never collides with them.
import type pg from 'pg'
import { demoAccounts, demoAccountsEnabled, hashApiKey } from './seed'

export async function seedDemoAccountsPg(
  client: pg.ClientBase,
  nowMs: number,
  enabled = demoAccountsEnabled(),
): Promise<void> {
  for (const account of demoAccounts) {
    if (enabled)
      await client.query(
        'INSERT INTO accounts (id, api_key_hash, label, created_at_ms) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [account.id, hashApiKey(account.apiKey), account.label, nowMs],
      )
    else
      await client.query('DELETE FROM accounts WHERE id = $1 AND api_key_hash = $2', [
        account.id,
        hashApiKey(account.apiKey),
      ])
  }
}
