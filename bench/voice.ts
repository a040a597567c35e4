// npm run bench:voice — the hands-free command recognizer (lib/voice, the code the page runs) on
// generated speech: every command word said by several espeak-ng voices at several speeds, clean and with
// louder noise from sox, plus words that are none of the commands. Each clip goes through the page's own
// voice-activity cutter (lib/voice/utterances) and the recognizer decodes what it cuts, as on the page.
// Prints the share heard right, heard wrong and refused (asked again) per group — all voices, and the
// voices the decoys were not chosen on — and the time to decode one utterance (p50, p99).
// Targets (issue 49): grade words right ≥ 97 %, wrong ≤ 1 %; a grade recognised ≤ 1 s after the word ends.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import createModule from 'soundswallower'
import { speechWav } from '../e2e/voice-audio'
import { type Command, commandOf } from '../lib/voice/commands'
import { createCommandRecognizer, type SoundSwallower } from '../lib/voice/recognizer'
import { createUtteranceCutter, type Endpointer } from '../lib/voice/utterances'
import { CONTROL_WORDS, dictionaryText, GRADE_WORDS } from '../lib/voice/words'

const VOICES = ['en-us', 'en', 'en-us+f3', 'en+m3', 'en-gb-x-rp', 'en-us+f2']
const SPEEDS = [130, 170, 210]
const NOISES = [0.01, 0.05]
// The voices lib/voice/words.ts's decoys were chosen on; the other three are held out, and their figures
// are printed apart (what a voice the choice never heard gets).
const TUNED_ON = new Set(['en-us', 'en-us+f3', 'en-gb-x-rp'])
// Words nobody should be taken to have said as a command (none of them is a decoy either).
const STRANGERS = [
  'banana',
  'seven',
  'nine',
  'what',
  'thanks',
  'later',
  'next',
  'continue',
  'zero',
  'window',
  'okay',
  'apple',
]

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-voice-'))
const dict = path.join(dir, 'words.dict')
fs.writeFileSync(dict, dictionaryText())
const modelBase = `${path.join('node_modules', 'soundswallower', 'model')}/`
const module = (await createModule({ modelBase } as never)) as unknown as SoundSwallower & {
  Endpointer: new (options: { samprate: number }) => Endpointer
}
const recognizer = await createCommandRecognizer(module, { dictionary: dict })

// Silence after each word: long enough for the voice-activity detector to call the word over.
const TRAILING_S = 1

/**
 * What the page hears of one clip: the first utterance its voice-activity detector cuts (lib/voice/
 * utterances, the page's own cutter) and how many samples it needed before calling it over.
 */
function firstUtterance(pcm: Float32Array): { pcm: Float32Array; endSample: number } | null {
  let first: { pcm: Float32Array; endSample: number } | null = null
  const cutter = createUtteranceCutter(new module.Endpointer({ samprate: 16_000 }), {
    onUtterance: (utterance, endSample) => {
      first ??= { pcm: utterance, endSample }
    },
  })
  cutter.push(pcm)
  return first
}

function pcmOf(word: string, voice: string, speed: number, noise: number): Float32Array {
  const wav = speechWav(
    [{ pauseS: 0.3 }, { say: word, voice, speed }, { pauseS: TRAILING_S }],
    path.join(dir, 'w.wav'),
    noise,
  )
  const bytes = fs.readFileSync(wav).subarray(44) // 16-bit PCM after the RIFF header
  const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))
  return Float32Array.from(samples, (s) => s / 32768)
}

type Tally = { right: number; wrong: number; refused: number }
const groups: Record<string, Tally> = {}
const times: number[] = []
const latencies: number[] = []
let unheard = 0
const mistakes: string[] = []
function tally(group: string, outcome: keyof Tally) {
  groups[group] ??= { right: 0, wrong: 0, refused: 0 }
  groups[group][outcome]++
}

for (const voice of VOICES)
  for (const speed of SPEEDS)
    for (const noise of NOISES)
      for (const word of [...Object.keys(GRADE_WORDS), ...CONTROL_WORDS, ...STRANGERS]) {
        const clip = pcmOf(word, voice, speed, noise)
        const utterance = firstUtterance(clip)
        if (!utterance) unheard++
        const started = performance.now()
        const heard: Command = utterance
          ? recognizer.hear(utterance.pcm, 'grade')
          : { kind: 'unclear', word: '' }
        const decodeMs = performance.now() - started
        if (utterance) times.push(decodeMs)
        // From the word's end (the clip less its trailing silence) to the grade: the detector's wait plus decoding.
        if (word in GRADE_WORDS && utterance)
          latencies.push(
            ((utterance.endSample - (clip.length - TRAILING_S * 16_000)) / 16_000) * 1000 + decodeMs,
          )
        const group =
          word in GRADE_WORDS
            ? 'grade words'
            : CONTROL_WORDS.includes(word as never)
              ? 'controls'
              : 'other words'
        const expected = group === 'other words' ? 'unclear' : commandOf(word, 'grade').kind
        const ok = heard.kind === expected && (heard.kind !== 'grade' || heard.word === word)
        const outcome = ok ? 'right' : heard.kind === 'unclear' ? 'refused' : 'wrong'
        tally(group, outcome)
        if (!TUNED_ON.has(voice)) tally(`${group}, held-out voices`, outcome)
        if (outcome === 'wrong')
          mistakes.push(`${voice}/${speed}/${noise}: "${word}" heard as "${heard.word}"`)
      }

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`
console.log(`bench:voice — ${VOICES.length} voices × ${SPEEDS.length} speeds × ${NOISES.length} noise levels`)
for (const [group, t] of Object.entries(groups)) {
  const all = t.right + t.wrong + t.refused
  const others = group.startsWith('other words')
  console.log(
    `  ${group.padEnd(31)} n=${String(all).padStart(4)}  ${others ? 'refused (right)' : 'right'} ${pct(t.right, all)}  wrong ${pct(t.wrong, all)}  ${others ? '' : `asked again ${pct(t.refused, all)}`}`,
  )
}
console.log(`  clips in which the voice-activity detector heard no speech: ${unheard}`)
times.sort((a, b) => a - b)
console.log(
  `  decode per utterance: p50 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, p99 ${times[Math.floor(times.length * 0.99)]!.toFixed(0)} ms`,
)
latencies.sort((a, b) => a - b)
console.log(
  `  grade word end → grade recognized (voice-activity end + decode): p50 ${latencies[Math.floor(latencies.length / 2)]?.toFixed(0)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]?.toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms (target ≤ 1000 ms)`,
)
const grades = groups['grade words']!
const gradeN = grades.right + grades.wrong + grades.refused
console.log(
  `  target: grade words right ≥ 97 % (${pct(grades.right, gradeN)}), wrong ≤ 1 % (${pct(grades.wrong, gradeN)}) — ${grades.right / gradeN >= 0.97 && grades.wrong / gradeN <= 0.01 ? 'MET' : 'NOT MET'}`,
)
if (mistakes.length) console.log(`  heard wrong:\n    ${mistakes.slice(0, 30).join('\n    ')}`)
recognizer.close()
fs.rmSync(dir, { recursive: true, force: true })
