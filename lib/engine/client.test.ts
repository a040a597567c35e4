// The client entry must stay safe in a browser bundle: every module it loads at run time
// is one of the engine's own files, and none of them imports a package or a node: built-in.
// (Type-only imports and exports are erased, so they may point anywhere.)
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const RUNTIME_SPECIFIER = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\bfrom\s*)?['"]([^'"]+)['"]/gm

function runtimeImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
  return [...code.matchAll(RUNTIME_SPECIFIER)].map((m) => m[1]!)
}

it('lib/engine/client.ts loads only import-free engine modules', () => {
  const seen = new Set<string>()
  const outside: string[] = []
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith('.')) outside.push(`${path.relative(__dirname, file)} → ${specifier}`)
      else visit(`${path.resolve(path.dirname(file), specifier)}.ts`)
    }
  }
  visit(path.join(__dirname, 'client.ts'))
  expect(outside).toEqual([])
  expect(seen.size).toBeGreaterThan(5)
})
