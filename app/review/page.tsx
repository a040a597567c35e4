import type { Metadata } from 'next'
import { ComingSoon } from '@/components/coming-soon'

export const metadata: Metadata = { title: 'Review' }

export default function ReviewPage() {
  return (
    <ComingSoon
      title="Review"
      what="Answer a card out loud, tick the points you said, and let FSRS schedule it."
    />
  )
}
