// POST /api/sandbox/chaos { seed, from, count, config } → how many schedules ran and the
// first failure, shrunk. The client calls it in batches to show progress.
import { z } from 'zod'
import { scenarioSchema } from '@/lib/engine'
import { route } from '@/lib/http/route'
import { sandboxRoute } from '@/lib/sandbox/http'
import { chaosBatch } from '@/lib/sandbox/run'

/** Schedules per request: keeps one call well under a second of server time. */
export const MAX_CHAOS_BATCH = 100

const bodySchema = z.strictObject({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  from: z.number().int().min(0).max(1_000_000),
  count: z.number().int().min(1).max(MAX_CHAOS_BATCH),
  config: scenarioSchema.shape.config,
})

export const POST = route(
  { ...sandboxRoute(bodySchema), limit: { name: 'sandbox', cost: 2 } },
  async ({ body }) => Response.json(await chaosBatch(body)),
)
