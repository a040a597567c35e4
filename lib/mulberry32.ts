// mulberry32: a small, fast, seeded generator of numbers in [0, 1). The plan's Monte
// Carlo and the seeded review histories of benches and tests draw from it, so a seed
// alone reproduces them (never Math.random). The simulator has its own (sfc32).
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
