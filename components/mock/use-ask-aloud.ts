'use client'
// "Ask out loud": the interviewer speaks each question with the browser's own speechSynthesis
// (nothing is sent anywhere by Drill). Switchable only where the browser has it.
import { useEffect, useState } from 'react'

export function useAskAloud(question: string | null) {
  // null until the browser is asked (the server render and hydration): the switch holds its
  // place, disabled, so nothing below it moves when the answer comes (CLS 0, issue 51).
  const [supported, setSupported] = useState<boolean | null>(null)
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
