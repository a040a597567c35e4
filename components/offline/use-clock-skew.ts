'use client'
// The device clock's skew worth saying (over 5 minutes), kept current as syncs measure it.
import { useEffect, useState } from 'react'
import { currentClockSkew, onClockSkewChanged } from './clock-skew'

export function useClockSkew(): number | null {
  const [skew, setSkew] = useState<number | null>(null)
  useEffect(() => {
    const update = () => setSkew(currentClockSkew())
    update()
    return onClockSkewChanged(update)
  }, [])
  return skew
}
