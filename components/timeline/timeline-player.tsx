'use client'
// The interactive leaf: play/pause, step, scrub (an ARIA slider that narrates the event),
// speed, keyboard (Space, ←/→, Home/End). Everything it draws comes from the trace prop.
import { type KeyboardEvent, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { clockLabel, type Trace, type Violation } from '@/lib/engine/client'
import { ReadyButton, ReadyInput, ReadySelect } from '../ready-controls'
import { Button } from '../ui/button'
import { inputClass } from '../ui/input-class'
import { keyLabels, narrate, stepStates } from './model'
import { RowTables } from './row-tables'
import { diagramAlwaysScrolls, TimelineSvg } from './timeline-svg'
import { useFollowStep } from './use-follow-step'

const SPEEDS = [0.5, 1, 2, 4] as const
const BASE_STEP_MS = 900

export interface TimelinePlayerProps {
  trace: Trace
  violations: readonly Violation[]
  /** "Timeline: lost-response" — names the figure, its SVG title and its controls. */
  title: string
  /** One-paragraph summary for the SVG's <desc>. */
  description: string
  /** Carry the sandbox's test ids (charge-count, violations); only one player per page may. */
  withTestIds?: boolean
  /** Step shown first; defaults to the last event, so the whole story is visible at once. */
  initialStep?: number
  /** Say "No invariant broken" when `violations` is empty (off while a drill hides the verdict). */
  showVerdict?: boolean
}

export function TimelinePlayer({
  trace,
  violations,
  title,
  description,
  withTestIds,
  initialStep,
  showVerdict = true,
}: TimelinePlayerProps) {
  const last = Math.max(0, trace.events.length - 1)
  const [step, setStep] = useState(() => Math.min(initialStep ?? last, last))
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState<number>(1)
  const id = useId()
  const slider = useRef<HTMLInputElement>(null)
  const diagramBox = useRef<HTMLElement>(null)
  // Set when the drawing hydrates: its Suspense boundary may stream in after the player's own effects ran.
  const [drawing, setDrawing] = useState<SVGSVGElement | null>(null)
  const states = useMemo(() => stepStates(trace), [trace])
  const labels = useMemo(() => keyLabels(trace), [trace])

  // A new trace (Run) starts at its end again, so its outcome is visible at once.
  const [shownTrace, setShownTrace] = useState(trace)
  if (shownTrace !== trace) {
    setShownTrace(trace)
    setStep(Math.min(initialStep ?? last, last))
    setPlaying(false)
  }

  useEffect(() => {
    if (!playing) return
    if (step >= last) {
      setPlaying(false)
      return
    }
    const timer = setTimeout(() => setStep((s) => Math.min(s + 1, last)), BASE_STEP_MS / speed)
    return () => clearTimeout(timer)
  }, [playing, step, speed, last])

  useFollowStep(diagramBox, drawing, step, trace)

  const go = (next: number) => {
    setPlaying(false)
    setStep(Math.max(0, Math.min(last, next)))
  }
  const togglePlay = () => {
    if (playing) return setPlaying(false)
    if (step >= last) setStep(0)
    setPlaying(true)
  }

  // Keys anywhere in the player; buttons, selects and links keep their own Space/Enter.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement
    const tag = target.tagName
    if (tag === 'BUTTON' || tag === 'SELECT' || tag === 'A') return
    const isSlider = tag === 'INPUT'
    if (event.key === ' ') {
      event.preventDefault()
      togglePlay()
    } else if (isSlider) {
      return // the native slider already handles arrows, Home and End
    } else if (
      (event.key === 'ArrowRight' || event.key === 'ArrowLeft') &&
      target.scrollWidth > target.clientWidth
    ) {
      return // a focused region wider than its box: the arrows scroll it sideways, as in any scroll box
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      go(step + 1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      go(step - 1)
    } else if (event.key === 'Home') {
      event.preventDefault()
      go(0)
    } else if (event.key === 'End') {
      event.preventDefault()
      go(last)
    }
  }

  const state = states[step] ?? {
    tables: { idempotencyKeys: [], payments: [], refunds: [], ledger: [] },
    changedCells: new Set<string>(),
    changedAt: null,
  }
  const narration = narrate(trace, step)
  const keyLabel = (key: string) => labels.get(key) ?? key.slice(0, 8)
  const changedAtEvent = state.changedAt === null ? undefined : trace.events[state.changedAt]

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts for the controls inside
    <div className="@container space-y-4" onKeyDown={onKeyDown}>
      <div className="flex flex-wrap items-center gap-2">
        <Button waitsForHydration onClick={togglePlay}>
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button waitsForHydration onClick={() => go(step - 1)} disabled={step === 0}>
          Step back
        </Button>
        <Button waitsForHydration onClick={() => go(step + 1)} disabled={step >= last}>
          Step forward
        </Button>
        <label className="flex items-center gap-1 text-sm">
          Speed
          <ReadySelect
            className={inputClass('sm')}
            value={speed}
            onChange={(event) => setSpeed(Number(event.target.value))}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </ReadySelect>
        </label>
      </div>
      <div>
        <ReadyInput
          type="range"
          min={0}
          max={last}
          step={1}
          value={step}
          ref={slider}
          aria-label={`Step through ${title}`}
          aria-valuetext={narration}
          onChange={(event) => go(Number(event.target.value))}
          className="w-full accent-sky-700 dark:accent-sky-400"
        />
        <p className="mt-1 text-sm" aria-hidden="true">
          <span className="font-mono">
            {step + 1}/{trace.events.length}
          </span>{' '}
          {narration}
        </p>
      </div>

      {/* Sized by the player's own width (container queries), not the window's: the same player
          sits full width on a card and half width in Compare. */}
      <div className="grid gap-4 @3xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="@container min-w-0 space-y-1">
          <p
            className={`text-xs text-zinc-700 dark:text-zinc-300 ${diagramAlwaysScrolls(trace) ? '' : '@min-[41.25rem]:hidden'}`}
          >
            Scroll the diagram sideways to see every lane; the event log below has each step as text.
          </p>
          <section
            aria-label={`${title}: diagram`}
            // Scrolls sideways on narrow screens (a trace with many lanes at any width) and down on long
            // traces, so it must be reachable by keyboard; there the arrow keys scroll it (see onKeyDown).
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
            tabIndex={0}
            ref={diagramBox}
            className="max-h-[75vh] overflow-auto rounded border border-zinc-200 bg-white p-2 focus-visible:outline-2 focus-visible:outline-sky-700 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {/* Suspense boundaries let React hydrate the heavy parts in small, interruptible chunks. */}
            <Suspense>
              <TimelineSvg
                ref={setDrawing}
                trace={trace}
                step={step}
                titleId={`${id}-title`}
                descId={`${id}-desc`}
                title={title}
                description={description}
              />
            </Suspense>
          </section>
        </div>
        {/* Scrolls sideways when the tables are wider than their column, so it is focusable too.
            `relative` keeps the tables' screen-reader-only words inside the scroll box. */}
        <section
          aria-label={`${title}: rows at this step`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
          tabIndex={0}
          className="relative min-w-0 space-y-2 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-sky-700"
        >
          <p className="text-xs text-zinc-700 dark:text-zinc-300">
            Rows after {clockLabel(trace.clockStart, trace.events[step]?.tMs ?? 0)}.
            {changedAtEvent && (
              <> Highlighted: changed by the commit at {clockLabel(trace.clockStart, changedAtEvent.tMs)}.</>
            )}
          </p>
          <Suspense>
            <RowTables state={state} keyLabel={keyLabel} />
          </Suspense>
        </section>
      </div>

      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2">
        <p className="text-sm">
          Charges in the provider&apos;s ledger:{' '}
          <span className="text-lg font-bold" data-testid={withTestIds ? 'charge-count' : undefined}>
            {trace.charges}
          </span>
        </p>
        {showVerdict && violations.length === 0 && (
          <p className="text-sm text-emerald-800 dark:text-emerald-300">No invariant broken.</p>
        )}
      </div>
      <ul
        data-testid={withTestIds ? 'violations' : undefined}
        aria-label="Invariants broken"
        className="space-y-2"
      >
        {violations.map((violation) => {
          const at = violation.eventIndex === null ? undefined : trace.events[violation.eventIndex]
          return (
            <li
              key={`${violation.id}-${violation.eventIndex}`}
              className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              <strong>
                {violation.id} — {violation.name}
              </strong>
              : {violation.message}{' '}
              {at && (
                <ReadyButton
                  className="underline underline-offset-2 hover:no-underline disabled:opacity-60"
                  onClick={() => {
                    go(at.i)
                    // The slider narrates the breaking event to a screen reader, and arrows step on from it.
                    slider.current?.focus()
                  }}
                >
                  Step to the event at {clockLabel(trace.clockStart, at.tMs)}
                </ReadyButton>
              )}
            </li>
          )
        })}
      </ul>

      <Suspense>
        <details className="text-sm" open>
          <summary className="cursor-pointer font-semibold">Event log (text)</summary>
          <ol className="mt-2 space-y-0.5 font-mono text-xs">
            {trace.events.map((event) => (
              <li
                key={event.i}
                aria-current={event.i === step ? 'step' : undefined}
                className={event.i === step ? 'rounded bg-amber-100 dark:bg-amber-900/40' : undefined}
              >
                {clockLabel(trace.clockStart, event.tMs)}{' '}
                {event.from && event.to ? `${event.from} → ${event.to}` : event.actor}: {event.detail}
              </li>
            ))}
          </ol>
        </details>
      </Suspense>
    </div>
  )
}
