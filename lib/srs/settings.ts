// A learner's study settings: the defaults, the bounds the form enforces, and the
// slice the scheduler needs.
import { z } from 'zod'
import type { LearnerSettingsRecord } from '@/db/queries/study'
import { isValidTimezone } from '@/lib/calendar'
import type { SchedulerSettings } from './scheduler'

export interface StudySettings extends SchedulerSettings {
  newPerDay: number
  reviewsPerDay: number
  /** With an interview date, the daily new-card limit may be raised up to this (lib/plan/pacing). */
  maxNewPerDay: number
  interviewDate: string | null
  parameters: readonly number[] | null
}

export const DEFAULT_STUDY_SETTINGS: StudySettings = {
  desiredRetention: 0.9,
  newPerDay: 20,
  reviewsPerDay: 200,
  sameDaySteps: false,
  rolloverHour: 4,
  timezone: 'UTC',
  maxNewPerDay: 50,
  interviewDate: null,
  parameters: null,
}

export const timezoneSchema = z.string().min(1).max(64).refine(isValidTimezone, 'unknown time zone')

export const studySettingsSchema = z.object({
  desiredRetention: z.coerce.number().min(0.7, 'at least 0.70').max(0.99, 'at most 0.99'),
  newPerDay: z.coerce.number().int('a whole number').min(0, 'at least 0').max(1000, 'at most 1000'),
  reviewsPerDay: z.coerce.number().int('a whole number').min(0, 'at least 0').max(10000, 'at most 10000'),
  maxNewPerDay: z.coerce
    .number()
    .int('a whole number')
    .min(0, 'at least 0')
    .max(1000, 'at most 1000')
    .default(50),
  sameDaySteps: z.boolean(),
  rolloverHour: z.coerce.number().int('a whole hour').min(0, 'between 0 and 23').max(23, 'between 0 and 23'),
  timezone: timezoneSchema,
})

export function studySettingsFrom(record: LearnerSettingsRecord | undefined): StudySettings {
  if (!record) return DEFAULT_STUDY_SETTINGS
  return {
    desiredRetention: record.desiredRetention,
    newPerDay: record.newPerDay,
    reviewsPerDay: record.reviewsPerDay,
    sameDaySteps: record.sameDaySteps,
    rolloverHour: record.rolloverHour,
    // A zone the platform no longer knows falls back to UTC rather than breaking the page.
    timezone: isValidTimezone(record.timezone) ? record.timezone : 'UTC',
    maxNewPerDay: record.maxNewPerDay,
    interviewDate: record.interviewDate,
    parameters: record.fsrsParameters,
  }
}
