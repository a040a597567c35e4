import type { Metadata } from 'next'
import { ComingSoon } from '@/components/coming-soon'

export const metadata: Metadata = { title: 'Stats' }

export default function StatsPage() {
  return <ComingSoon title="Stats" what="Your review history, retention and the points you miss most." />
}
