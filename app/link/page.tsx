import type { Metadata } from 'next'
import { LinkForm } from '@/components/devices/link-form'
import { normalizeLinkCode } from '@/lib/devices/link-code'

export const metadata: Metadata = { title: 'Link this device' }

export default async function LinkPage({ searchParams }: PageProps<'/link'>) {
  const { code } = await searchParams
  // The QR code carries ?code=…; anything that is not a code is left out of the field.
  const initialCode = typeof code === 'string' ? (normalizeLinkCode(code) ?? '') : ''
  return (
    <section aria-labelledby="link-title" className="space-y-4">
      <h1 id="link-title" className="text-2xl font-bold">
        Link this device
      </h1>
      <p className="max-w-xl text-zinc-700 dark:text-zinc-300">
        Drill has no login. To study here as on your other device, make a code there (Settings → Use Drill on
        another device) and type it below. Whatever was studied in this browser before is left behind.
      </p>
      <LinkForm initialCode={initialCode} />
    </section>
  )
}
