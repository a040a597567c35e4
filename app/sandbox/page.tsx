import type { Metadata } from 'next'
import { ComingSoon } from '@/components/coming-soon'

export const metadata: Metadata = { title: 'Sandbox' }

export default function SandboxPage() {
  return (
    <ComingSoon
      title="Sandbox"
      what="Run the payment engine with faults and flaws, and watch the timeline."
    />
  )
}
