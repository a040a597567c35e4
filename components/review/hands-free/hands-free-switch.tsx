'use client'
// The Hands-free switch on /review. Off, nothing of the voice loop is loaded; on (remembered on this
// device), each card is read aloud, the answer ends with "done", silence or Space, the feedback is
// spoken and the grade is said (hands-free-loop.tsx, loaded only then).
import { createContext, type ReactNode, useContext } from 'react'
import { useHandsFreeSetting } from './hands-free-setting'

const HandsFree = createContext<{ on: boolean; setOn: (on: boolean) => void }>({ on: false, setOn: () => {} })

export function useHandsFree() {
  return useContext(HandsFree)
}

export function HandsFreeProvider({ children }: { children: ReactNode }) {
  const [on, setOn] = useHandsFreeSetting()
  return <HandsFree.Provider value={{ on, setOn }}>{children}</HandsFree.Provider>
}

export function HandsFreeSwitch() {
  const { on, setOn } = useHandsFree()
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby="hands-free-what"
        onClick={() => setOn(!on)}
        className="inline-flex items-center gap-2 rounded-full border border-zinc-400 px-3 py-1 font-medium aria-checked:border-emerald-700 aria-checked:bg-emerald-50 dark:border-zinc-600 dark:aria-checked:bg-emerald-950"
      >
        <span
          aria-hidden="true"
          className="inline-block size-3 rounded-full bg-zinc-400 aria-checked:bg-emerald-600"
        />
        Hands-free
      </button>
      <span id="hands-free-what" className="text-zinc-700 dark:text-zinc-300">
        Reads each card aloud, listens for your answer and your grade (one to four, or again, hard, good,
        easy), on this device.
      </span>
    </div>
  )
}
