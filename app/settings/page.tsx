import type { Metadata } from 'next'
import { ComingSoon } from '@/components/coming-soon'

export const metadata: Metadata = { title: 'Settings' }

export default function SettingsPage() {
  return <ComingSoon title="Settings" what="Desired retention, daily limits, study day and time zone." />
}
