/** How long a card's draft waits for more changes before it is saved, in milliseconds. */
export const DRAFT_SAVE_DELAY_MS = 400

/** What a failed save means: the server was out of reach (keep the draft and save it once it is back), or anything else (drop it). */
export type DraftSaveFailure = 'unreachable' | 'refused'

/**
 * The drafts of a chat's cards on their way to the server (docs/ui/components.md): each change
 * waits {@link DRAFT_SAVE_DELAY_MS} for the next one, then the latest draft of the call is saved
 * with `save`, one save of a call at a time (the next waits for the one on its way, so the server
 * never keeps an older draft over a newer one); a save the server could not be reached for is kept until `flush()` (called once the
 * server answers again). `pending()` gives the drafts not yet saved, which win over the server's
 * copy when the chat is read meanwhile. `forget(toolCallId)` drops a call's draft (its card was
 * answered or dismissed: the server deletes the draft as it settles the call).
 */
export function draftSaves({ save, failed }: { save: (toolCallId: string, draft: unknown) => Promise<void>; failed: (error: unknown) => DraftSaveFailure }) {
  const entries = new Map<string, { draft: unknown; version: number; timer?: ReturnType<typeof setTimeout>; waitingForServer: boolean }>()
  // The save of each call on its way: the next one waits for it, so that an older draft never lands after a newer one.
  const inFlight = new Map<string, Promise<void>>()

  const send = (toolCallId: string) => {
    const next = (inFlight.get(toolCallId) ?? Promise.resolve()).then(() => sendLatest(toolCallId))
    inFlight.set(toolCallId, next)
    void next.finally(() => {
      if (inFlight.get(toolCallId) === next) inFlight.delete(toolCallId)
    })
    return next
  }

  /** Saves the latest draft of `toolCallId`, if one is still to save. */
  const sendLatest = async (toolCallId: string) => {
    const entry = entries.get(toolCallId)
    if (!entry) return
    clearTimeout(entry.timer)
    entry.timer = undefined
    const { version, draft } = entry
    try {
      await save(toolCallId, draft)
      if (entries.get(toolCallId)?.version === version) entries.delete(toolCallId)
    } catch (error) {
      if (entries.get(toolCallId) !== entry) return
      if (failed(error) === 'unreachable') entry.waitingForServer = true
      else if (entry.version === version) entries.delete(toolCallId)
    }
  }

  return {
    /** Keeps `draft` as the latest of call `toolCallId` and saves it once changes pause. */
    change(toolCallId: string, draft: unknown) {
      const entry = entries.get(toolCallId) ?? { draft, version: 0, waitingForServer: false }
      entry.draft = draft
      entry.version++
      clearTimeout(entry.timer)
      entry.timer = setTimeout(() => void send(toolCallId), DRAFT_SAVE_DELAY_MS)
      entries.set(toolCallId, entry)
    },
    /** Saves at once every draft that waited for the server. */
    flush() {
      for (const [toolCallId, entry] of entries) {
        if (!entry.waitingForServer) continue
        entry.waitingForServer = false
        void send(toolCallId)
      }
    },
    /** Drafts not saved yet, by call. */
    pending(): Record<string, unknown> {
      return Object.fromEntries([...entries].map(([toolCallId, entry]) => [toolCallId, entry.draft]))
    },
    forget(toolCallId: string) {
      clearTimeout(entries.get(toolCallId)?.timer)
      entries.delete(toolCallId)
    }
  }
}
