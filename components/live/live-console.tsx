// Placeholder: the live API work replaces this with the learner's curl console.
export function LiveConsole() {
  return <p>The live console is not built yet.</p>
}
