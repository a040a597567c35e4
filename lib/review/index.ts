// lib/review's way in for pages, benchmarks and tests: the decks (warmed), what to
// review next, grading, undo and the dashboard's numbers. The request-bound grade use
// case is its own entry, lib/review/submit-grade.ts (what POST /api/review/grade calls).
export { decksFor, ownDeckNames, studyDeckFor, studyDecks } from './decks'
export { drillRoundFor } from './drill-round'
export { gradeRequestSchema, undoRequestSchema } from './grade-input'
export {
  type AnswerMode,
  type GradeInput,
  type GradeResult,
  gradeFoundCard,
  gradeReview,
} from './grade-review'
export { rememberBrowserTimezone, settingsForLearner } from './learner-settings'
export {
  type DayCard,
  type NextReview,
  nextReview,
  reviewDay,
  type StudySummary,
  studySummary,
} from './next-review'
export { type UndoResult, undoableReview, undoReview } from './undo'
