// Test speech for the hands-free specs and bench:voice: words spoken by Debian's espeak-ng, put in order
// with pauses by sox, at 16 kHz mono with a little background noise (a real microphone is never
// digitally silent, and the recognizer's noise estimate expects some), as a WAV Chromium plays as its mic.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type Piece = { say: string; voice?: string; speed?: number } | { pauseS: number }

export function speechWav(pieces: readonly Piece[], file: string, noise = 0.01): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-voice-'))
  const parts = pieces.map((piece, i) => {
    const part = path.join(dir, `${i}.wav`)
    if ('pauseS' in piece)
      execFileSync('sox', [
        '-n',
        '-r',
        '16000',
        '-c',
        '1',
        '-b',
        '16',
        part,
        'trim',
        '0',
        String(piece.pauseS),
      ])
    else {
      const raw = path.join(dir, `${i}-raw.wav`)
      execFileSync('espeak-ng', [
        '-v',
        piece.voice ?? 'en-us',
        '-s',
        String(piece.speed ?? 160),
        '-w',
        raw,
        piece.say,
      ])
      execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', part])
    }
    return part
  })
  const clean = path.join(dir, 'clean.wav')
  execFileSync('sox', [...parts, clean])
  const seconds = execFileSync('soxi', ['-D', clean]).toString().trim()
  const hiss = path.join(dir, 'noise.wav')
  // -R: the same noise on every run (a seeded generator), so a run hears what the last one heard.
  execFileSync('sox', [
    '-R',
    '-n',
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    hiss,
    'synth',
    seconds,
    'whitenoise',
    'vol',
    String(noise),
  ])
  execFileSync('sox', ['-m', clean, hiss, '-b', '16', file])
  fs.rmSync(dir, { recursive: true, force: true })
  return file
}
