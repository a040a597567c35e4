// A lease trace's leases on the holders' lanes: a bar from each grant to the end of its
// lease (renewals stretch it, a release or the lease's end stops it), labelled with its
// fencing token, so a write made after the bar stops is plainly a write without a lease.
import type { LeaseInterval } from './lease-model'

export function LeaseBars({
  leases,
  laneX,
  rowY,
  bottom,
}: {
  leases: LeaseInterval[]
  laneX: (actor: string) => number | undefined
  rowY: (index: number) => number
  bottom: number
}) {
  return (
    <>
      {leases.map((lease) => {
        const cx = laneX(lease.actor)
        if (cx === undefined) return null
        const y1 = rowY(lease.from)
        const y2 = lease.to === null ? bottom : rowY(lease.to)
        return (
          <g key={`lease-${lease.from}`} data-lease-token={lease.token}>
            <rect
              x={cx - 12}
              y={y1}
              width={7}
              height={Math.max(4, y2 - y1)}
              className="fill-sky-300/70 stroke-sky-800 dark:fill-sky-700/50 dark:stroke-sky-300"
            />
            <text
              x={cx - 16}
              y={y1 + 16}
              textAnchor="end"
              fontSize={11}
              fontWeight={600}
              className="fill-sky-900 dark:fill-sky-200"
            >
              lease {lease.token}
            </text>
            {lease.to !== null && (
              <text
                x={cx - 16}
                y={y2 - 4}
                textAnchor="end"
                fontSize={10}
                className="fill-sky-900 dark:fill-sky-200"
              >
                ends
              </text>
            )}
          </g>
        )
      })}
    </>
  )
}
