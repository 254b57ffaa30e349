import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { DRAFT_SAVE_DELAY_MS, draftSaves } from './draft-saves.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

it('saves one call a draft at a time: a newer draft waits for the older save on its way, so the server keeps the newer', async () => {
  const stored: unknown[] = []
  const arriving: { draft: unknown; land: () => void }[] = []
  // The server keeps what lands last; each save lands when the test says.
  const save = (_toolCallId: string, draft: unknown) => new Promise<void>((resolve) => arriving.push({ draft, land: () => (stored.push(draft), resolve()) }))
  const saves = draftSaves({ save, failed: () => 'refused' })

  saves.change('call_1', { amount: -5 })
  await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
  expect(arriving.map((entry) => entry.draft)).toEqual([{ amount: -5 }])

  saves.change('call_1', { amount: 900 })
  await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
  // The newer draft is not sent while the older save is on its way.
  expect(arriving).toHaveLength(1)
  expect(saves.pending()).toEqual({ call_1: { amount: 900 } })

  arriving[0].land()
  await vi.advanceTimersByTimeAsync(0)
  expect(arriving.map((entry) => entry.draft)).toEqual([{ amount: -5 }, { amount: 900 }])
  arriving[1].land()
  await vi.advanceTimersByTimeAsync(0)
  expect(stored).toEqual([{ amount: -5 }, { amount: 900 }])
  expect(saves.pending()).toEqual({})
})

it('saves different calls without waiting for each other', async () => {
  const sent: string[] = []
  const saves = draftSaves({ save: (toolCallId) => (sent.push(toolCallId), new Promise<void>(() => {})), failed: () => 'refused' })
  saves.change('call_1', { a: 1 })
  saves.change('call_2', { b: 2 })
  await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
  expect(sent).toEqual(['call_1', 'call_2'])
})
