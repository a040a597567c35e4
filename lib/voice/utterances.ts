// Cuts microphone audio into utterances with soundswallower's voice-activity detector (its Endpointer):
// the speech frames it passes from the moment it hears speech until it calls the speech over. The page
// (components/review/hands-free/voice-engine.ts) and `npm run bench:voice` both cut with this, so the
// benchmark decodes exactly the audio the page would: the word and the detector's padding around it, not the
// silence and noise before and after.

/** The parts of soundswallower's Endpointer this uses. */
export interface Endpointer {
  get_frame_size(): number
  get_in_speech(): boolean
  process(frame: Float32Array): Float32Array | null
}

export interface UtteranceEvents {
  /** Speech started or stopped. */
  onSpeech?: (inSpeech: boolean) => void
  /** One utterance, whole, once the detector calls it over; `endSample` counts every sample pushed so far. */
  onUtterance: (pcm: Float32Array, endSample: number) => void
}

export interface UtteranceCutter {
  /** Any number of samples at the detector's rate; frames that do not fill up wait for the next push. */
  push(samples: Float32Array): void
}

export function createUtteranceCutter(endpointer: Endpointer, events: UtteranceEvents): UtteranceCutter {
  const frameSize = endpointer.get_frame_size()
  let pending = new Float32Array(0)
  let frames: Float32Array[] = []
  let inSpeech = false
  let consumed = 0
  return {
    push(samples) {
      const joined = new Float32Array(pending.length + samples.length)
      joined.set(pending)
      joined.set(samples, pending.length)
      let offset = 0
      for (; offset + frameSize <= joined.length; offset += frameSize) {
        const speech = endpointer.process(joined.slice(offset, offset + frameSize))
        consumed += frameSize
        if (speech) frames.push(speech)
        const now = endpointer.get_in_speech()
        if (now === inSpeech) continue
        inSpeech = now
        events.onSpeech?.(now)
        if (!now) {
          const done = frames
          frames = []
          if (done.length > 0) events.onUtterance(joinFrames(done), consumed)
        }
      }
      pending = joined.slice(offset)
    },
  }
}

function joinFrames(frames: readonly Float32Array[]): Float32Array {
  const pcm = new Float32Array(frames.reduce((n, f) => n + f.length, 0))
  let at = 0
  for (const frame of frames) {
    pcm.set(frame, at)
    at += frame.length
  }
  return pcm
}
