// The in-page command recognizer: soundswallower (CMU Sphinx's English acoustic model, inside the npm
// package, served by Drill) with a small grammar per step. The same code runs in the browser (the
// hands-free loop) and in Node (npm run bench:voice), so the benchmark measures what the page hears.
import type { Command } from './commands'
import { commandOf } from './commands'
import { grammarFor, type ListeningFor } from './words'

/** The parts of soundswallower's module this uses (its types live in the package). */
interface Decoder {
  initialize(): Promise<unknown>
  set_grammar(jsgf: string): void
  start(): void
  process_audio(pcm: Float32Array, noSearch?: boolean, fullUtterance?: boolean): number
  stop(): void
  get_text(): string
  delete(): void
}
export interface SoundSwallower {
  Decoder: new (config: Record<string, string | number | boolean>) => Decoder
}

/** Audio the recognizer takes: mono float samples in [-1, 1] at this rate. */
export const SAMPLE_RATE = 16_000

export interface CommandRecognizer {
  /** One utterance (a segment the voice-activity detector cut), heard as a command of this step. */
  hear(pcm: Float32Array, listening: ListeningFor): Command
  close(): void
}

export async function createCommandRecognizer(
  module: SoundSwallower,
  { dictionary }: { dictionary: string },
): Promise<CommandRecognizer> {
  const decoders = new Map<ListeningFor, Decoder>()
  for (const listening of ['grade', 'answer-end'] as const) {
    const decoder = new module.Decoder({ loglevel: 'ERROR', samprate: SAMPLE_RATE, dict: dictionary })
    await decoder.initialize()
    decoder.set_grammar(grammarFor(listening))
    decoders.set(listening, decoder)
  }
  return {
    hear(pcm, listening) {
      const decoder = decoders.get(listening)!
      decoder.start()
      decoder.process_audio(pcm, false, true)
      decoder.stop()
      return commandOf(decoder.get_text(), listening)
    },
    close() {
      for (const decoder of decoders.values()) decoder.delete()
    },
  }
}
