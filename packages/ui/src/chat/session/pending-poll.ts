import type { PendingCall } from '@frogbotai/protocol'
import type { PendingList } from '../chat-adapter.ts'

// A call's votes count too: another person's vote on an approval that needs several changes its card.
const idsOf = (calls: readonly PendingCall[]) =>
  calls
    .map((call) => `${call.toolCallId} ${call.quorum?.votes.length ?? 0}`)
    .sort()
    .join('\n')

/**
 * While `watching()` gives the chat as this tab last read it (`null`: nothing to watch now) and
 * the page is visible, asks `pending()` every `intervalMs` (and when the page shows again; never
 * two at once) and calls `changed()` when the server's turn state or waiting calls (or their
 * votes) differ, or messages are queued. A failed check is `failed(error)`, and asked again on the next tick.
 */
export function pendingPoll({ intervalMs, watching, pending, changed, failed }: {
  intervalMs: number
  watching: () => { state: string; pending: readonly PendingCall[]; queued: number } | null
  pending: () => Promise<PendingList>
  changed: () => Promise<void>
  failed: (error: unknown) => void
}) {
  let timer: ReturnType<typeof setInterval> | undefined
  let checking = false
  const tick = async () => {
    const known = watching()
    if (checking || !known || (typeof document !== 'undefined' && document.visibilityState !== 'visible')) return
    checking = true
    try {
      const list = await pending()
      if (list.state !== known.state || idsOf(list.pending) !== idsOf(known.pending) || known.queued > 0) await changed()
    } catch (error) {
      failed(error)
    } finally {
      checking = false
    }
  }
  const onVisible = () => void tick()
  return {
    start() {
      timer = setInterval(() => void tick(), intervalMs)
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible)
    },
    stop() {
      clearInterval(timer)
      timer = undefined
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible)
    }
  }
}
