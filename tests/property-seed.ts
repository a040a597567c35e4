// One seed policy for every property test: a fixed default so `npm test` is
// reproducible, DRILL_PROPERTY_SEED (the engine's tests read the same variable; FC_SEED is
// the older name) to explore others, and the seed in the test's name so every report
// (pass or fail) says which one ran. fast-check adds the failing path itself.
export function propertySeed(
  defaultSeed: number,
  env: Record<string, string | undefined> = process.env,
): number {
  const fromEnv = env.DRILL_PROPERTY_SEED || env.FC_SEED
  if (fromEnv === undefined || fromEnv === '') return defaultSeed
  const seed = Number(fromEnv)
  if (!Number.isInteger(seed)) throw new Error(`DRILL_PROPERTY_SEED must be an integer, got "${fromEnv}"`)
  return seed
}

/** "(fast-check seed 20261130; DRILL_PROPERTY_SEED=… to change)", for a test title. */
export function seedLabel(seed: number): string {
  return `(fast-check seed ${seed}; DRILL_PROPERTY_SEED=… to change)`
}
