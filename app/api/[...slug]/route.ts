// Any /api path no route claims: a 404 problem, never the HTML not-found page.
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'

export const dynamic = 'force-dynamic'

const notFound = route({}, ({ request }) => {
  const { pathname } = new URL(request.url)
  return problemResponse('not-found', `There is no API endpoint at ${pathname.slice(0, 200)}.`)
})

export const GET = notFound
export const HEAD = notFound
export const POST = notFound
export const PUT = notFound
export const PATCH = notFound
export const DELETE = notFound
export const OPTIONS = notFound
