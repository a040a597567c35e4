import { describe, expect, it } from 'vitest'
import { createUtteranceCutter, type Endpointer } from './utterances'

/** A detector of frames of 4 samples: loud frames start speech, two quiet ones in a row end it. */
function fakeEndpointer(): Endpointer {
  let inSpeech = false
  let quiet = 0
  return {
    get_frame_size: () => 4,
    get_in_speech: () => inSpeech,
    process(frame) {
      const loud = frame.some((s) => Math.abs(s) > 0.5)
      quiet = loud ? 0 : quiet + 1
      if (loud) inSpeech = true
      else if (quiet >= 2) inSpeech = false
      return inSpeech ? frame : null
    },
  }
}

const frame = (value: number) => new Float32Array(4).fill(value)
const joined = (...frames: Float32Array[]) => Float32Array.from(frames.flatMap((f) => [...f]))

describe('the utterance cutter', () => {
  it('hands over the speech frames once the detector calls them over, however the audio is split', () => {
    const audio = joined(
      frame(0),
      frame(0.9),
      frame(0.8),
      frame(0.1),
      frame(0),
      frame(0),
      frame(0.7),
      frame(0),
      frame(0),
    )
    for (const chunk of [1, 3, 4, 7, audio.length]) {
      const heard: { pcm: number[]; end: number }[] = []
      const speech: boolean[] = []
      const cutter = createUtteranceCutter(fakeEndpointer(), {
        onSpeech: (on) => speech.push(on),
        onUtterance: (pcm, end) => heard.push({ pcm: [...pcm], end }),
      })
      for (let at = 0; at < audio.length; at += chunk) cutter.push(audio.subarray(at, at + chunk))
      // The first utterance: two loud frames and the quiet one the detector still counted as speech.
      expect(heard[0]).toEqual({ pcm: [...joined(frame(0.9), frame(0.8), frame(0.1))], end: 20 })
      expect(heard[1]).toEqual({ pcm: [...joined(frame(0.7), frame(0))], end: 36 })
      expect(heard).toHaveLength(2)
      expect(speech).toEqual([true, false, true, false])
    }
  })

  it('waits for a frame to fill before the detector sees it', () => {
    const heard: Float32Array[] = []
    const cutter = createUtteranceCutter(fakeEndpointer(), { onUtterance: (pcm) => heard.push(pcm) })
    cutter.push(joined(frame(0.9), frame(0), frame(0)).subarray(0, 11))
    expect(heard).toHaveLength(0)
    cutter.push(new Float32Array(1))
    expect(heard).toHaveLength(1)
  })
})
