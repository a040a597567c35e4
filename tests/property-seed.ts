// One seed policy for every property test: a fixed default so `npm test` is
// reproducible, FC_SEED to explore other schedules, and the seed in the test's name so
// every report (pass or fail) says which one ran. fast-check adds the failing path itself.
export function propertySeed(
  defaultSeed: number,
  env: Record<string, string | undefined> = process.env,
): number {
  const fromEnv = env.FC_SEED
  if (fromEnv === undefined || fromEnv === '') return defaultSeed
  const seed = Number(fromEnv)
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${fromEnv}"`)
  return seed
}

/** "(fast-check seed 20261130; FC_SEED=… to change)", for a test title. */
export function seedLabel(seed: number): string {
  return `(fast-check seed ${seed}; FC_SEED=… to change)`
}
