import type { Metadata } from 'next'
import { AnkiImport } from '@/components/anki/anki-import'
import { ExportTopicForAnki } from '@/components/anki/export-topic'
import { DeviceList } from '@/components/devices/device-list'
import { LinkAnotherDevice } from '@/components/devices/link-another-device'
import { HydratesApart } from '@/components/hydrates-apart'
import { OptimizeParameters } from '@/components/plan/optimize-parameters'
import { TimezoneSync } from '@/components/review/timezone-sync'
import { DataTransfer } from '@/components/settings/data-transfer'
import { OwnCardsTransfer } from '@/components/settings/own-cards-transfer'
import { RecordingsSettings } from '@/components/settings/recordings-settings'
import { SettingsForm } from '@/components/settings/settings-form'
import { TaughtPhrases } from '@/components/settings/taught-phrases'
import { VoiceSettings } from '@/components/settings/voice-settings'
import { ownCardQueries } from '@/db/queries/own-cards'
import { studyQueries } from '@/db/queries/study'
import { formatInstant } from '@/lib/calendar'
import { currentDeviceId } from '@/lib/devices/device-cookie'
import { devicesOf } from '@/lib/devices/link'
import { MIN_TRAINING_ITEMS } from '@/lib/plan/optimizer/items'
import { trainingItemCountFor } from '@/lib/plan/optimizer/training-count'
import { decksFor, studyDecks } from '@/lib/review'
import { taughtPhraseViews } from '@/lib/review/teach-grader'
import { studySettingsFrom } from '@/lib/srs/settings'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Settings' }
export const dynamic = 'force-dynamic'

export default async function SettingsPage() {
  const { db, learnerId } = await studyContext()
  const deviceId = await currentDeviceId()
  // The stored row is read once: the settings shown, and whether the browser's zone is known yet.
  const settingsAndCount = studyQueries(db)
    .getLearnerSettingsByLearnerId(learnerId)
    .then(async (stored) => {
      const settings = studySettingsFrom(stored)
      return { stored, settings, trainingItems: await trainingItemCountFor(db, learnerId, settings) }
    })
  const [{ stored, settings, trainingItems }, decks, ownCardCount, devices, taught] = await Promise.all([
    settingsAndCount,
    decksFor(db, learnerId),
    ownCardQueries(db).countOwnCardsByLearnerId(learnerId),
    devicesOf(db, learnerId),
    studyDecks().then((registry) => taughtPhraseViews(db, registry, learnerId)),
  ])
  // First visit: the browser's zone arrives a moment later, and redraws the page only when it is not
  // the zone the form was drawn in. The form is not remounted then: its zone list is markup that
  // follows its default (LongSelectField), and every other field's default is the same.
  const knowsTimezone = stored !== undefined
  return (
    <div className="space-y-10">
      <section aria-labelledby="settings-title" className="space-y-4">
        <h1 id="settings-title" className="text-2xl font-bold">
          Settings
        </h1>
        <p className="max-w-xl text-zinc-700 dark:text-zinc-300">
          How often cards come back, how much you study each day, and when your study day begins. Changes
          apply from the next card you review.
        </p>
        {!knowsTimezone && <TimezoneSync drawnIn={settings.timezone} />}
        <HydratesApart>
          <SettingsForm
            initial={settings}
            timezones={Intl.supportedValuesOf('timeZone')}
            decks={decks}
            zoneKnown={knowsTimezone}
          />
        </HydratesApart>
      </section>
      {/* The sections below the form hydrate after it, apart from each other. */}
      <HydratesApart>
        <OptimizeParameters
          trainingItems={trainingItems}
          minimum={MIN_TRAINING_ITEMS}
          ownParameters={settings.parameters !== null}
        />
      </HydratesApart>
      <HydratesApart>
        <DataTransfer />
        <OwnCardsTransfer cardCount={ownCardCount} />
      </HydratesApart>
      <HydratesApart>
        <AnkiImport />
        <ExportTopicForAnki topics={decks.filter((deck) => deck.kind === 'built-in')} />
      </HydratesApart>
      <HydratesApart>
        <RecordingsSettings />
        <TaughtPhrases phrases={taught} />
        <VoiceSettings />
      </HydratesApart>
      <section aria-labelledby="devices-title" className="max-w-xl space-y-3">
        <h2 id="devices-title" className="text-xl font-semibold">
          Your devices
        </h2>
        <p className="text-zinc-700 dark:text-zinc-300">
          Drill has no login: your learner lives in this browser. Use it on your phone too — the same cards,
          schedule and history, graded offline there and synced when it is back online.
        </p>
        <HydratesApart>
          <LinkAnotherDevice />
          <DeviceList
            devices={devices.map((device) => ({
              id: device.id,
              label: device.label,
              linkedAt: formatInstant(device.linkedAtMs, settings.timezone),
              current: device.id === deviceId,
            }))}
          />
        </HydratesApart>
      </section>
    </div>
  )
}
