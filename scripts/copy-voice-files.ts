// Before `next build`: the in-page command recognizer's files, served by Drill itself under /voice/
// (public/voice, not committed: they come from the soundswallower npm package at the pinned version).
// The package's 3 MB dictionary is replaced by one holding only the words the recognizer listens for.
import fs from 'node:fs'
import path from 'node:path'
import { dictionaryText } from '@/lib/voice/words'

const packageDir = path.join('node_modules', 'soundswallower')
const out = path.join('public', 'voice')
const MODEL_FILES = [
  'feat_params.json',
  'mdef',
  'means',
  'variances',
  'sendump',
  'transition_matrices',
  'noisedict.txt',
]

fs.rmSync(out, { recursive: true, force: true })
fs.mkdirSync(path.join(out, 'en-us'), { recursive: true })
fs.copyFileSync(path.join(packageDir, 'soundswallower.web.wasm'), path.join(out, 'soundswallower.web.wasm'))
for (const file of MODEL_FILES)
  fs.copyFileSync(path.join(packageDir, 'model', 'en-us', file), path.join(out, 'en-us', file))
fs.writeFileSync(path.join(out, 'words.dict'), dictionaryText())
const bytes = fs.readdirSync(out, { recursive: true }).reduce<number>((sum, name) => {
  const file = path.join(out, String(name))
  return fs.statSync(file).isFile() ? sum + fs.statSync(file).size : sum
}, 0)
console.log(
  `Voice files: ${out}, ${(bytes / 1e6).toFixed(1)} MB (the command recognizer, loaded only with Hands-free on)`,
)
