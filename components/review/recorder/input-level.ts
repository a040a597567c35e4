// A rough input level (0–1) from the microphone stream, for the meter while recording.
// Loudness only: the samples are read and discarded, never kept.
export interface InputLevel {
  read(): number
  close(): void
}

export function watchInputLevel(stream: MediaStream): InputLevel | null {
  const Context = window.AudioContext
  if (!Context) return null
  const context = new Context()
  const analyser = context.createAnalyser()
  analyser.fftSize = 1024
  context.createMediaStreamSource(stream).connect(analyser)
  const samples = new Uint8Array(analyser.fftSize)
  return {
    read() {
      analyser.getByteTimeDomainData(samples)
      let sumSquares = 0
      for (const sample of samples) {
        const centred = (sample - 128) / 128
        sumSquares += centred * centred
      }
      // Speech RMS rarely passes ~0.3; scale so a normal voice fills most of the meter.
      return Math.min(1, Math.sqrt(sumSquares / samples.length) * 3)
    },
    close() {
      void context.close()
    },
  }
}
