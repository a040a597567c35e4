// POST /api/sandbox/chaos { seed, from, count, config, protocol? } → how many schedules ran
// and the first failure, shrunk. `protocol` picks the schedules and what `config` may say
// (payments when absent). The client calls it in batches to show progress.
import { z } from 'zod'
import { leaseConfigSchema, PROTOCOL_IDS, scenarioSchema } from '@/lib/engine'
import { issueLine } from '@/lib/http/issues'
import { route } from '@/lib/http/route'
import { invalidScenario, sandboxRoute } from '@/lib/sandbox/http'
import { chaosBatch, leaseChaosBatch } from '@/lib/sandbox/run'

/** Schedules per request: keeps one call well under a second of server time. */
export const MAX_CHAOS_BATCH = 100

const batch = {
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  from: z.number().int().min(0).max(1_000_000),
  count: z.number().int().min(1).max(MAX_CHAOS_BATCH),
}
const bodySchema = z.strictObject({
  ...batch,
  config: z.unknown(),
  protocol: z.enum(PROTOCOL_IDS).optional(),
})
/** A lease chaos run takes only the switches: the generator picks the numbers. */
const leaseChaosConfig = leaseConfigSchema.partial()
const paymentChaosConfig = scenarioSchema.shape.config

/** The config's issues named from the body: "config.flaws.0: Invalid option …". */
const invalidConfig = (issues: z.core.$ZodIssue[]) =>
  invalidScenario(issues.map((issue) => issueLine({ ...issue, path: ['config', ...issue.path] }, '(body)')))

export const POST = route(
  { ...sandboxRoute(bodySchema), limit: { name: 'sandbox', cost: 2 } },
  async ({ body }) => {
    const { config, protocol, ...range } = body
    if (protocol === 'lease') {
      const parsed = leaseChaosConfig.safeParse(config)
      if (!parsed.success) return invalidConfig(parsed.error.issues)
      return Response.json(await leaseChaosBatch({ ...range, config: parsed.data }))
    }
    const parsed = paymentChaosConfig.safeParse(config)
    if (!parsed.success) return invalidConfig(parsed.error.issues)
    return Response.json(await chaosBatch({ ...range, config: parsed.data }))
  },
)
