// The swimlane drawing of one trace at one step. No hooks and no state: the player (a
// client leaf) passes the step; everything drawn comes from the trace, so a picture
// cannot drift from the engine.

import type { Ref } from 'react'
import { type ActorKind, clockLabel, type Trace, type TraceEvent } from '@/lib/engine/client'
import { LeaseBars } from './lease-bars'
import { leaseIntervals, leaseShortLabel, staleWrites } from './lease-model'
import { crashGaps, type Interval, isMessage, shortLabel, unknownIntervals } from './model'

const TIME_W = 136
const LANE_W = 150
const HEAD_H = 48
const ROW_H = 30
const FOOT_H = 16
/**
 * The smallest scale a diagram is drawn at: a five-lane trace already fills a card's
 * column at about this, so its 11 px labels read at ~8 px. A wider trace (twenty clients
 * through one crash) keeps this scale and scrolls sideways instead of shrinking to a blur.
 */
const MIN_SCALE = 0.7
/** Narrow traces may shrink to this width before the box scrolls. */
const MIN_FIT_PX = 640

/**
 * More client lanes than this and the shared lanes (servers, database, provider, sweeper)
 * are drawn first: they stay in view while twenty clients scroll off to the right.
 */
const MAX_LEADING_CLIENTS = 3
/** A lane title longer than this (12 px bold, ~7 px a character) would run into the next lane's. */
const TITLE_FITS_CHARS = 21

function laneOrder(actors: Trace['actors']): Trace['actors'] {
  const clients = actors.filter((actor) => actor.kind === 'client')
  if (clients.length <= MAX_LEADING_CLIENTS) return actors
  return [...actors.filter((actor) => actor.kind !== 'client'), ...clients]
}

function naturalWidth(trace: Trace): number {
  return TIME_W + trace.actors.length * LANE_W + 8
}

/** The narrowest the diagram is drawn, in CSS px. */
function minDiagramWidth(trace: Trace): number {
  const width = naturalWidth(trace)
  return Math.min(width, Math.max(MIN_FIT_PX, Math.round(width * MIN_SCALE)))
}

/** True when the diagram is wider than a card's column at its smallest: it scrolls at any window width. */
export function diagramAlwaysScrolls(trace: Trace): boolean {
  return minDiagramWidth(trace) > MIN_FIT_PX
}

const laneTone: Record<ActorKind, string> = {
  client: 'fill-sky-800 dark:fill-sky-300',
  server: 'fill-violet-800 dark:fill-violet-300',
  database: 'fill-emerald-800 dark:fill-emerald-300',
  provider: 'fill-amber-800 dark:fill-amber-300',
  sweeper: 'fill-zinc-700 dark:fill-zinc-300',
  'lock-service': 'fill-violet-800 dark:fill-violet-300',
  storage: 'fill-emerald-800 dark:fill-emerald-300',
}

const text = 'fill-zinc-800 dark:fill-zinc-200'
const ink = 'stroke-zinc-600 dark:stroke-zinc-300'
interface Tone {
  stroke: string
  fill: string
}
// Written out in full so Tailwind sees every class.
const plainTone: Tone = { stroke: ink, fill: 'fill-zinc-600 dark:fill-zinc-300' }
const providerTone: Tone = {
  stroke: 'stroke-amber-800 dark:stroke-amber-300',
  fill: 'fill-amber-800 dark:fill-amber-300',
}
const danger = 'stroke-red-700 dark:stroke-red-400'
const dangerText = 'fill-red-800 dark:fill-red-300'
/** A stale write the storage took (L1): drawn in red. */
const dangerTone: Tone = { stroke: danger, fill: 'fill-red-700 dark:fill-red-400' }
/** A stale write the storage refused: fencing at work. */
const refusedTone: Tone = {
  stroke: 'stroke-emerald-700 dark:stroke-emerald-400',
  fill: 'fill-emerald-700 dark:fill-emerald-400',
}

export interface TimelineSvgProps {
  trace: Trace
  step: number
  titleId: string
  descId: string
  title: string
  description: string
  /** The drawn `<svg>`, for the player to keep the selected step in view. */
  ref?: Ref<SVGSVGElement>
}

function rowY(index: number): number {
  return HEAD_H + index * ROW_H + ROW_H / 2
}

/** Where step `index`'s band lies in the drawing, in SVG units (the player keeps it in view). */
export function stepBand(index: number): { top: number; height: number } {
  return { top: HEAD_H + index * ROW_H, height: ROW_H }
}

/** The lifeline of one lane, with the stretches a crash cut out left blank. */
function lifelineSegments(lane: string, gaps: Interval[], rows: number): Array<[number, number]> {
  const top = HEAD_H - 6
  const bottom = HEAD_H + rows * ROW_H + 4
  const cuts = gaps
    .filter((gap) => gap.actor === lane)
    .map((gap) => [rowY(gap.from), gap.to === null ? bottom : rowY(gap.to)] as const)
  const segments: Array<[number, number]> = []
  let start = top
  for (const [cutFrom, cutTo] of cuts) {
    if (cutFrom > start) segments.push([start, cutFrom])
    start = Math.max(start, cutTo)
  }
  if (bottom > start) segments.push([start, bottom])
  return segments
}

function Arrow({
  x1,
  x2,
  y,
  lost,
  label,
  tone,
}: {
  x1: number
  x2: number
  y: number
  lost: boolean
  label: string
  tone: Tone
}) {
  const direction = x2 > x1 ? 1 : -1
  // A lost message stops part-way and ends in a cross: it never arrives.
  const end = lost ? x1 + (x2 - x1) * 0.6 : x2 - direction * 3
  const mid = (x1 + end) / 2
  return (
    <g>
      <line
        x1={x1}
        y1={y}
        x2={end}
        y2={y}
        className={tone.stroke}
        strokeWidth={1.6}
        strokeDasharray={lost ? '5 4' : undefined}
      />
      {lost ? (
        <path
          d={`M${end - 5} ${y - 5} L${end + 5} ${y + 5} M${end - 5} ${y + 5} L${end + 5} ${y - 5}`}
          className={danger}
          strokeWidth={2}
        />
      ) : (
        <path
          d={`M${end} ${y} L${end - direction * 8} ${y - 4} L${end - direction * 8} ${y + 4} Z`}
          className={tone.fill}
        />
      )}
      <text
        x={mid}
        y={y - 5}
        textAnchor="middle"
        fontSize={11}
        fontWeight={tone === dangerTone ? 700 : undefined}
        className={lost || tone === dangerTone ? dangerText : text}
      >
        {label}
      </text>
    </g>
  )
}

function Mark({ x, y, event, label: named }: { x: number; y: number; event: TraceEvent; label: string }) {
  const label = event.kind === 'response-sent' ? `sends ${named}` : named
  if (event.kind === 'crash' || event.kind === 'pause') {
    return (
      <g>
        <path
          d={`M${x - 7} ${y - 7} L${x + 7} ${y + 7} M${x - 7} ${y + 7} L${x + 7} ${y - 7}`}
          className={danger}
          strokeWidth={3}
        />
        <text x={x + 11} y={y + 4} fontSize={11} fontWeight={600} className={dangerText}>
          {label}
        </text>
      </g>
    )
  }
  return (
    <g>
      <circle cx={x} cy={y} r={4.5} className={`${ink} fill-white dark:fill-zinc-900`} strokeWidth={1.6} />
      <text x={x + 9} y={y + 4} fontSize={11} className={text}>
        {label}
      </text>
    </g>
  )
}

export function TimelineSvg({ trace, step, titleId, descId, title, description, ref }: TimelineSvgProps) {
  const lanes = laneOrder(trace.actors)
  const laneX = new Map(lanes.map((actor, index) => [actor.id, TIME_W + index * LANE_W + LANE_W / 2]))
  const rows = trace.events.length
  const width = naturalWidth(trace)
  const height = HEAD_H + rows * ROW_H + FOOT_H
  const gaps = crashGaps(trace)
  const unknowns = unknownIntervals(trace)
  const x = (actor: string | undefined) => (actor === undefined ? undefined : laneX.get(actor))
  const lease = trace.protocol === 'lease'

  return (
    <svg
      ref={ref}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      className="block h-auto max-w-none font-sans"
      style={{ minWidth: minDiagramWidth(trace), width: '100%' }}
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{description}</desc>

      {/* The selected step: a band across every lane. */}
      {trace.events[step] && (
        <rect
          data-step-band
          x={0}
          y={stepBand(step).top}
          width={width}
          height={stepBand(step).height}
          className="fill-amber-100 dark:fill-amber-900/40 motion-safe:transition-[y] motion-safe:duration-200"
        />
      )}

      {lanes.map((actor) => {
        const cx = laneX.get(actor.id) ?? 0
        return (
          <g key={actor.id}>
            <text
              x={cx}
              y={20}
              textAnchor="middle"
              fontSize={12}
              fontWeight={600}
              className={laneTone[actor.kind]}
              // Squeezed into its lane rather than running into the next one ("Client p01 (account 17)").
              {...(actor.label.length > TITLE_FITS_CHARS
                ? { textLength: LANE_W - 8, lengthAdjust: 'spacingAndGlyphs' }
                : {})}
            >
              {actor.label}
            </text>
            <text
              x={cx}
              y={35}
              textAnchor="middle"
              fontSize={10}
              className="fill-zinc-600 dark:fill-zinc-400"
            >
              {actor.id}
            </text>
            {lifelineSegments(actor.id, gaps, rows).map(([y1, y2]) => (
              <line
                key={`${y1}-${y2}`}
                x1={cx}
                x2={cx}
                y1={y1}
                y2={y2}
                className="stroke-zinc-400 dark:stroke-zinc-600"
                strokeWidth={1.5}
              />
            ))}
          </g>
        )
      })}

      {lease && (
        <LeaseBars
          leases={leaseIntervals(trace)}
          laneX={(actor) => laneX.get(actor)}
          rowY={rowY}
          bottom={height - 4}
        />
      )}

      {unknowns.map((interval) => {
        const cx = laneX.get(interval.actor) ?? 0
        const y1 = rowY(interval.from)
        const y2 = interval.to === null ? height - 4 : rowY(interval.to)
        return (
          <g key={`unknown-${interval.from}`}>
            <rect
              x={cx - 9}
              y={y1}
              width={18}
              height={Math.max(4, y2 - y1)}
              className="fill-amber-200/60 stroke-amber-700 dark:fill-amber-700/30 dark:stroke-amber-300"
              strokeDasharray="4 3"
            />
            <text
              x={cx - 14}
              y={(y1 + y2) / 2 + 4}
              textAnchor="end"
              fontSize={11}
              fontWeight={600}
              className="fill-amber-900 dark:fill-amber-200"
            >
              {interval.to === null ? 'unknown (open)' : 'unknown'}
            </text>
          </g>
        )
      })}

      <EventRows trace={trace} step={step} x={x} />
    </svg>
  )
}

/** Every event's row: its time, then an arrow between two lanes or a mark on one. */
function EventRows({
  trace,
  step,
  x,
}: {
  trace: Trace
  step: number
  x: (actor: string | undefined) => number | undefined
}) {
  const stale = trace.protocol === 'lease' ? staleWrites(trace) : new Set<number>()
  const label = (event: TraceEvent) => leaseShortLabel(event, stale.has(event.i)) ?? shortLabel(event)
  const toneOf = (event: TraceEvent): Tone =>
    stale.has(event.i)
      ? dangerTone
      : event.kind === 'write-refused'
        ? refusedTone
        : event.kind === 'provider-call' || event.kind === 'provider-accepted'
          ? providerTone
          : plainTone
  return (
    <>
      {trace.events.map((event) => {
        const y = rowY(event.i)
        const from = x(event.from)
        const to = x(event.to)
        return (
          <g
            key={event.i}
            opacity={event.i > step ? 0.3 : 1}
            className="motion-safe:transition-opacity motion-safe:duration-200"
          >
            <text x={6} y={y + 4} fontSize={11} className={`${text} font-mono`}>
              {clockLabel(trace.clockStart, event.tMs)}
            </text>
            {isMessage(trace, event) && from !== undefined && to !== undefined ? (
              <Arrow
                x1={from}
                x2={to}
                y={y}
                lost={event.kind === 'response-lost'}
                label={label(event)}
                tone={toneOf(event)}
              />
            ) : (
              <Mark x={x(event.actor) ?? TIME_W} y={y} event={event} label={label(event)} />
            )}
          </g>
        )
      })}
    </>
  )
}
