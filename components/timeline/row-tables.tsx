// The rows of idempotency_keys, payments and the provider's ledger as they stand at the
// selected step. Cells the latest commit changed are wrapped in <mark> (colour and a
// screen-reader word, never colour alone).
import type { ReactNode } from 'react'
import { cellId, responseSummary, rowId, type StepState, type TableName } from './model'

interface Column<Row> {
  key: keyof Row & string
  header: string
  /** Extra columns the change check covers (e.g. the response body under "response"). */
  alsoCovers?: Array<keyof Row & string>
  render: (row: Row) => ReactNode
}

function Cell({ changed, children }: { changed: boolean; children: ReactNode }) {
  if (!changed) return <>{children}</>
  return (
    <>
      <mark className="rounded bg-amber-200 px-1 text-zinc-950 [box-decoration-break:clone]">{children}</mark>
      <span className="sr-only"> (changed)</span>
    </>
  )
}

function RowTable<Row extends object>({
  name,
  caption,
  rows,
  columns,
  idOf,
  state,
}: {
  name: TableName
  caption: string
  rows: Row[]
  columns: Column<Row>[]
  idOf: (row: Row) => string
  state: StepState
}) {
  return (
    <table className="w-full border-collapse text-left text-xs">
      <caption className="pb-1 text-left font-mono text-sm font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-zinc-300 dark:border-zinc-700">
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              className="py-1 pr-2 font-semibold text-zinc-700 dark:text-zinc-300"
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="py-1 text-zinc-600 dark:text-zinc-400">
              no rows
            </td>
          </tr>
        ) : (
          rows.map((row) => {
            const id = idOf(row)
            return (
              <tr key={id} className="border-b border-zinc-200 align-top dark:border-zinc-800">
                {columns.map((column) => {
                  const changed = [column.key, ...(column.alsoCovers ?? [])].some((c) =>
                    state.changedCells.has(cellId(name, id, c)),
                  )
                  return (
                    <td key={column.key} className="py-1 pr-2 font-mono">
                      <Cell changed={changed}>{column.render(row)}</Cell>
                    </td>
                  )
                })}
              </tr>
            )
          })
        )}
      </tbody>
    </table>
  )
}

/** Provider keys are long; the start is enough to tell them apart, and 'none' says the flaw. */
function shortKey(key: string | null): string {
  if (key === null) return 'none'
  return key.length > 14 ? `${key.slice(0, 13)}…` : key
}

export function RowTables({ state, keyLabel }: { state: StepState; keyLabel: (key: string) => string }) {
  const { tables } = state
  return (
    <div className="space-y-4">
      <RowTable
        name="idempotencyKeys"
        caption="idempotency_keys"
        rows={tables.idempotencyKeys}
        idOf={rowId.idempotencyKeys}
        state={state}
        columns={[
          { key: 'accountId', header: 'account_id', render: (r) => r.accountId },
          { key: 'key', header: 'key', render: (r) => keyLabel(r.key) },
          { key: 'status', header: 'status', render: (r) => r.status },
          {
            key: 'bodyHashLabel',
            header: 'body_hash',
            alsoCovers: ['bodyHash'],
            render: (r) => r.bodyHashLabel,
          },
          {
            key: 'responseStatus',
            header: 'response',
            alsoCovers: ['responseBody'],
            render: (r) => responseSummary(r.responseStatus, r.responseBody),
          },
        ]}
      />
      <RowTable
        name="payments"
        caption="payments"
        rows={tables.payments}
        idOf={rowId.payments}
        state={state}
        columns={[
          { key: 'id', header: 'id', render: (r) => r.id },
          { key: 'accountId', header: 'account_id', render: (r) => r.accountId },
          { key: 'orderId', header: 'order', render: (r) => r.orderId },
          {
            key: 'amountMinor',
            header: 'amount',
            alsoCovers: ['currency'],
            render: (r) => `${r.amountMinor} ${r.currency}`,
          },
          { key: 'state', header: 'state', render: (r) => r.state },
        ]}
      />
      {tables.refunds.length > 0 && (
        <RowTable
          name="refunds"
          caption="refunds"
          rows={tables.refunds}
          idOf={rowId.refunds}
          state={state}
          columns={[
            { key: 'id', header: 'id', render: (r) => r.id },
            { key: 'paymentId', header: 'payment', render: (r) => r.paymentId },
            { key: 'amountMinor', header: 'amount', render: (r) => r.amountMinor },
            { key: 'state', header: 'state', render: (r) => r.state },
          ]}
        />
      )}
      <RowTable
        name="ledger"
        caption="provider ledger"
        rows={tables.ledger}
        idOf={rowId.ledger}
        state={state}
        columns={[
          {
            key: 'chargeId',
            header: 'charge',
            alsoCovers: ['kind'],
            render: (r) => (r.kind === 'refund' ? `${r.chargeId} (refund)` : r.chargeId),
          },
          { key: 'providerKey', header: 'our key', render: (r) => shortKey(r.providerKey) },
          { key: 'accountId', header: 'account', render: (r) => r.accountId },
          {
            key: 'amountMinor',
            header: 'amount',
            alsoCovers: ['currency'],
            render: (r) => `${r.amountMinor} ${r.currency}`,
          },
          { key: 'status', header: 'status', render: (r) => r.status },
        ]}
      />
    </div>
  )
}
