// The devices using this learner, each with "Sign out this device" (a plain form: works before
// hydration). Signing this browser out makes it a new, empty learner on the next page.
import { signOutDeviceAction } from '@/app/settings/device-actions'
import { Button } from '../ui/button'

export interface DeviceView {
  id: string
  label: string
  linkedAt: string
  current: boolean
}

export function DeviceList({ devices }: { devices: readonly DeviceView[] }) {
  if (devices.length === 0)
    return <p className="text-zinc-700 dark:text-zinc-300">No other device uses your learner yet.</p>
  return (
    <ul className="space-y-2" aria-label="Devices using your learner">
      {devices.map((device) => (
        <li key={device.id} className="flex flex-wrap items-center gap-3" data-testid="linked-device">
          <span id={`device-${device.id}`}>
            {device.label}
            {device.current ? ' (this device)' : ''}, linked {device.linkedAt}
          </span>
          <form action={signOutDeviceAction}>
            <input type="hidden" name="deviceId" value={device.id} />
            <Button type="submit" variant="danger-outline" size="xs" aria-describedby={`device-${device.id}`}>
              Sign out this device
            </Button>
          </form>
        </li>
      ))}
    </ul>
  )
}
