// The three views the console keeps current: our idempotency_keys rows, our
// payments, and the provider's ledger (the external system's truth).

import { ScrollRegion } from '@/components/ui/scroll-region'
import type { ChargeJson } from '@/lib/live/ledger'
import type { KeyRowJson, PaymentJson } from '@/lib/live/queries'

export interface LiveSnapshot {
  keys: KeyRowJson[]
  payments: PaymentJson[]
  charges: ChargeJson[]
}

const th = 'whitespace-nowrap px-2 py-1 text-left font-semibold'
const td = 'whitespace-nowrap px-2 py-1 align-top'
const time = (iso: string) => iso.slice(11, 19)
const short = (s: string | null, n = 12) => (s === null ? '—' : s.length > n ? `${s.slice(0, n)}…` : s)

function Table({
  id,
  caption,
  head,
  rows,
  empty,
}: {
  id: string
  caption: string
  head: string[]
  rows: { key: string; cells: (string | number)[] }[]
  empty: string
}) {
  return (
    <ScrollRegion
      as="section"
      aria-label={caption}
      className="rounded-lg border border-zinc-200 dark:border-zinc-700"
    >
      <table data-testid={id} className="w-full text-sm">
        <caption className="px-2 py-2 text-left font-semibold">
          {caption} <span className="font-normal text-zinc-700 dark:text-zinc-300">({rows.length})</span>
        </caption>
        <thead className="bg-zinc-100 dark:bg-zinc-800">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="font-mono text-xs">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className={`${td} font-sans text-zinc-700 dark:text-zinc-300`}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map(({ key, cells }) => (
              <tr key={key} className="border-t border-zinc-200 dark:border-zinc-700">
                {cells.map((cell, j) => (
                  <td key={head[j]} className={td}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

export function LiveTables({ snapshot }: { snapshot: LiveSnapshot }) {
  return (
    <div className="grid gap-4">
      <Table
        id="live-keys"
        caption="idempotency_keys"
        head={['key', 'status', 'body hash', 'response', 'created (UTC)', 'expires (UTC)']}
        rows={snapshot.keys.map((k) => ({
          key: k.key,
          cells: [
            k.key,
            k.status,
            short(k.bodyHash, 10),
            k.responseStatus ?? '—',
            time(k.createdAt),
            k.expiresAt.slice(0, 16).replace('T', ' '),
          ],
        }))}
        empty="No keys yet: run a command."
      />
      <Table
        id="live-payments"
        caption="payments"
        head={['id', 'order', 'amount', 'state', 'key', 'created (UTC)']}
        rows={snapshot.payments.map((p) => ({
          key: String(p.id),
          cells: [
            p.id,
            p.orderId,
            `${p.amount} ${p.currency}`,
            p.failureCode ? `${p.state} (${p.failureCode})` : p.state,
            short(p.idempotencyKey, 18),
            time(p.createdAt),
          ],
        }))}
        empty="No payments yet."
      />
      <Table
        id="live-charges"
        caption="provider charges"
        head={['charge', 'our provider key', 'amount', 'status', 'created (UTC)']}
        rows={snapshot.charges.map((c) => ({
          key: c.id,
          cells: [c.id, short(c.providerKey, 16), `${c.amount} ${c.currency}`, c.status, time(c.createdAt)],
        }))}
        empty="The provider has charged nothing."
      />
    </div>
  )
}
