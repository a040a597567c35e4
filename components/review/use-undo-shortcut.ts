// Ctrl+Z / ⌘Z (without Shift, outside a text box) undoes the latest grade, wherever the
// Undo button is shown: the server-rendered review page and the device's queue.
import { useEffect } from 'react'
import { isTypingTarget } from './keyboard'

export function useUndoShortcut(undo: () => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey) return
      if (isTypingTarget(event.target)) return
      event.preventDefault()
      undo()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [undo])
}
