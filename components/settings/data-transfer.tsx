// Placeholder: the stats/export work replaces this with export and import controls.
export function DataTransfer() {
  return null
}
