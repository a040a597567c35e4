'use client'
// "Ask out loud": the interviewer speaks each question with the browser's own speechSynthesis
// (nothing is sent anywhere by Drill). Offered only where the browser has it.
import { useEffect, useState } from 'react'

export function useAskAloud(question: string | null) {
  const [supported, setSupported] = useState(false)
  const [on, setOn] = useState(false)
  useEffect(() => setSupported(typeof window.speechSynthesis?.speak === 'function'), [])
  useEffect(() => {
    if (!supported || !on || !question) return
    const utterance = new SpeechSynthesisUtterance(question)
    utterance.lang = document.documentElement.lang || 'en'
    window.speechSynthesis.cancel()
    window.speechSynthesis.speak(utterance)
    return () => window.speechSynthesis.cancel()
  }, [supported, on, question])
  return { supported, on, setOn }
}
