// Liveness for scripts and the e2e server wait: answers once the database opens.
import { sqlite } from '@/db/client'

export const dynamic = 'force-dynamic'

export function GET() {
  sqlite().prepare('SELECT 1').get()
  return Response.json({ ok: true })
}
