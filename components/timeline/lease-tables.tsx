// The lease run's state at the selected step, beside its diagram: who holds the lock (its
// token and lease end) and what the storage has taken (the highest token it accepted, the
// last write). Derived from the trace (lease-model.ts), like the payment rows.
import { clockLabel, type Trace } from '@/lib/engine/client'
import { leaseSteps } from './lease-model'

const th = 'py-1 pr-2 font-semibold text-zinc-700 dark:text-zinc-300'
const td = 'py-1 pr-2 font-mono'
const name = (client: string | null) => (client === null ? 'none' : client)

export function LeaseTables({ trace, step }: { trace: Trace; step: number }) {
  const state = leaseSteps(trace)[step]
  if (!state) return null
  const { lock, storage } = state
  const fencing = !(trace.lease?.flaws.includes('no-fencing') ?? false)
  return (
    <div className="space-y-3" data-testid="lease-state">
      <table className="w-full border-collapse text-left text-xs">
        <caption className="pb-1 text-left font-mono text-sm font-semibold">lock {trace.lease?.lock}</caption>
        <thead>
          <tr className="border-b border-zinc-300 dark:border-zinc-700">
            <th scope="col" className={th}>
              holder
            </th>
            <th scope="col" className={th}>
              token
            </th>
            <th scope="col" className={th}>
              lease until
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <td className={td}>{lock.holder === null ? 'free' : lock.holder}</td>
            <td className={td}>{lock.token ?? '—'}</td>
            <td className={td}>
              {lock.holder === null
                ? '—'
                : lock.leaseUntilMs === null
                  ? 'until released'
                  : clockLabel(trace.clockStart, lock.leaseUntilMs)}
            </td>
          </tr>
        </tbody>
      </table>
      <table className="w-full border-collapse text-left text-xs">
        <caption className="pb-1 text-left font-mono text-sm font-semibold">
          storage {fencing ? '(checks tokens)' : '(ignores tokens)'}
        </caption>
        <thead>
          <tr className="border-b border-zinc-300 dark:border-zinc-700">
            <th scope="col" className={th}>
              highest token
            </th>
            <th scope="col" className={th}>
              last write
            </th>
            <th scope="col" className={th}>
              accepted
            </th>
            <th scope="col" className={th}>
              refused
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <td className={td}>{storage.highestToken ?? '—'}</td>
            <td className={td}>
              {storage.lastWriter === null ? '—' : `${name(storage.lastWriter)}, token ${storage.lastToken}`}
            </td>
            <td className={td}>{storage.accepted}</td>
            <td className={td}>{storage.refused}</td>
          </tr>
        </tbody>
      </table>
    </div>
  )
}
