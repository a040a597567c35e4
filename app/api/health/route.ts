// Liveness for scripts and the e2e server wait: answers once the database opens.
import { sqlite } from '@/db/client'
import { route } from '@/lib/http/route'

export const dynamic = 'force-dynamic'

export const GET = route({}, () => {
  sqlite().prepare('SELECT 1').get()
  return Response.json({ ok: true })
})
