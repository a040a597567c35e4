'use client'
// The card's hands-free loop while the switch is on: loaded on demand (next/dynamic), so with
// Hands-free off the review page ships and runs none of the voice code.
import dynamic from 'next/dynamic'
import type { HandsFreeCard as LoopProps } from './hands-free-loop'
import { useHandsFree } from './hands-free-switch'

const Loop = dynamic(() => import('./hands-free-loop'), { ssr: false })

/** The model answer's text, as the page shows it after Show answer (read aloud by "answer"). */
function modelAnswerText(): string {
  const section = document.querySelector(
    '[aria-labelledby="model-answer-title"], [data-testid="plain-answer"]',
  )
  return section?.textContent?.replace(/^\s*Model answer/, '').trim() ?? ''
}

export function HandsFreeCard(props: Omit<LoopProps, 'turnOff' | 'modelAnswer'>) {
  const { on, setOn } = useHandsFree()
  if (!on) return null
  return <Loop {...props} turnOff={() => setOn(false)} modelAnswer={modelAnswerText} />
}
