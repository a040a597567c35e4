// The provider's ledger as GET /api/provider/charges shows it: charges only (money
// in), oldest first, with ISO times — one page at a time, like the other lists
// (at most CHARGES_PAGE_MAX per page; `after=<charge id>` continues).
import type { LedgerEntry } from '@/lib/engine'

export interface ChargeJson {
  id: string
  providerKey: string | null
  amount: number
  currency: string
  status: string
  createdAt: string
}

export const CHARGES_PAGE_DEFAULT = 200
export const CHARGES_PAGE_MAX = 1000

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

export type PageQuery = { ok: true; limit: number; after: string | null } | { ok: false; detail: string }

/** `?limit=1..1000` (default 200) and `?after=<charge id>`; anything else is a 400. */
export function parsePageQuery(params: URLSearchParams): PageQuery {
  const rawLimit = params.get('limit')
  const limit = rawLimit === null ? CHARGES_PAGE_DEFAULT : Number(rawLimit)
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > CHARGES_PAGE_MAX)
    return { ok: false, detail: `limit must be a whole number from 1 to ${CHARGES_PAGE_MAX}.` }
  const after = params.get('after')
  if (after !== null && !/^[\w-]{1,100}$/.test(after))
    return { ok: false, detail: 'after must be a charge id from an earlier page.' }
  return { ok: true, limit, after }
}

/** One page, oldest first, and the cursor for the next one (null on the last page). */
export function chargesPage(
  charges: readonly ChargeJson[],
  { limit, after }: { limit: number; after: string | null },
): { page: ChargeJson[]; next: string | null } {
  const start = after === null ? 0 : charges.findIndex((c) => c.id === after) + 1
  const page = start === 0 && after !== null ? [] : charges.slice(start, start + limit)
  const more = start + limit < charges.length && page.length === limit
  return { page, next: more ? (page.at(-1)?.id ?? null) : null }
}
