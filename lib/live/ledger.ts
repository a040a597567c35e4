// The provider's ledger as GET /api/provider/charges shows it: charges only (money
// in), oldest first, with ISO times.
import type { LedgerEntry } from '@/lib/engine'

export interface ChargeJson {
  id: string
  providerKey: string | null
  amount: number
  currency: string
  status: string
  createdAt: string
}

export function chargesJson(ledger: readonly LedgerEntry[]): ChargeJson[] {
  return ledger
    .filter((entry) => entry.kind === 'charge')
    .map((entry) => ({
      id: entry.id,
      providerKey: entry.providerKey,
      amount: entry.amountMinor,
      currency: entry.currency,
      status: entry.status,
      createdAt: new Date(entry.createdAtMs).toISOString(),
    }))
}
