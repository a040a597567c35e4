// The hands-free loop's ears: the microphone at 16 kHz, soundswallower's voice-activity detector
// (its Endpointer) cutting utterances, and its command recognizer hearing each one — every file from
// Drill itself (/voice/, copied from the npm package at build time by scripts/copy-voice-files.ts and
// kept by the service worker for offline use), nothing from a CDN, no audio leaving the device.
// One microphone for the whole session: each card's loop attaches its handlers and detaches them when
// the card is done; the microphone closes only once no card has listened for a moment (so going to the
// next card neither asks for it again nor loses a word said in between).
import type { Command } from '@/lib/voice/commands'
import {
  type CommandRecognizer,
  createCommandRecognizer,
  SAMPLE_RATE,
  type SoundSwallower,
} from '@/lib/voice/recognizer'
import { createUtteranceCutter, type Endpointer } from '@/lib/voice/utterances'
import type { ListeningFor } from '@/lib/voice/words'

export const VOICE_BASE = '/voice/'

/** The microphone stays open this long after the last card's loop detached (the next card attaches). */
const CLOSE_AFTER_MS = 2000

type Module = SoundSwallower & { Endpointer: new (options: { samprate: number }) => Endpointer }

export interface VoiceEngine {
  /** Stops routing utterances to this card's handlers. */
  close(): void
}

export interface VoiceEvents {
  /** The step `onHeard` expects a command of, at the moment an utterance ends (null: not listening). */
  listening: () => ListeningFor | null
  onHeard: (command: Command) => void
  /** Speech started or stopped (silence timing for the end of an answer). */
  onSpeech: (inSpeech: boolean) => void
}

let recognizerPromise: Promise<{ module: Module; recognizer: CommandRecognizer }> | null = null

/** Loads the recognizer once per page (about 6 MB of model, cached by the service worker after). */
function loadRecognizer() {
  recognizerPromise ??= (async () => {
    const { default: createModule } = await import('soundswallower')
    const module = (await createModule({
      modelBase: VOICE_BASE,
      locateFile: (path: string) => `${VOICE_BASE}${path}`,
    } as never)) as unknown as Module
    const recognizer = await createCommandRecognizer(module, { dictionary: `${VOICE_BASE}words.dict` })
    return { module, recognizer }
  })().catch((error) => {
    recognizerPromise = null
    throw error
  })
  return recognizerPromise
}

export class MicrophoneRefused extends Error {}

interface Ears {
  handlers: VoiceEvents | null
  closeTimer: ReturnType<typeof setTimeout> | null
  shut(): void
}
let earsPromise: Promise<Ears> | null = null

async function openEars(): Promise<Ears> {
  const { module, recognizer } = await loadRecognizer()
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
    })
  } catch (error) {
    throw new MicrophoneRefused((error as Error).message)
  }
  const context = new AudioContext({ sampleRate: SAMPLE_RATE })
  const source = context.createMediaStreamSource(stream)
  // A ScriptProcessor needs no worklet module (the page's CSP and the offline copy stay simple); the
  // frames are small and the decoding runs once per utterance.
  const processor = context.createScriptProcessor(4096, 1, 1)
  const ears: Ears = {
    handlers: null,
    closeTimer: null,
    shut() {
      processor.disconnect()
      source.disconnect()
      for (const track of stream.getTracks()) track.stop()
      void context.close()
    },
  }
  const cutter = createUtteranceCutter(new module.Endpointer({ samprate: SAMPLE_RATE }), {
    onSpeech: (inSpeech) => ears.handlers?.onSpeech(inSpeech),
    onUtterance(pcm) {
      const handlers = ears.handlers
      const listening = handlers?.listening()
      if (handlers && listening) handlers.onHeard(recognizer.hear(pcm, listening))
    },
  })
  processor.onaudioprocess = (event) => cutter.push(event.inputBuffer.getChannelData(0))

  source.connect(processor)
  processor.connect(context.destination)
  return ears
}

/** Routes each utterance to `events` (this card's loop) until `close()`; opens the microphone if needed. */
export async function openVoiceEngine(events: VoiceEvents): Promise<VoiceEngine> {
  earsPromise ??= openEars().catch((error) => {
    earsPromise = null
    throw error
  })
  const ears = await earsPromise
  if (ears.closeTimer) clearTimeout(ears.closeTimer)
  ears.closeTimer = null
  ears.handlers = events
  let open = true
  return {
    close() {
      if (!open) return
      open = false
      if (ears.handlers === events) ears.handlers = null
      if (ears.closeTimer) clearTimeout(ears.closeTimer)
      ears.closeTimer = setTimeout(() => {
        if (ears.handlers || earsPromise === null) return
        earsPromise = null
        ears.shut()
      }, CLOSE_AFTER_MS)
    },
  }
}
