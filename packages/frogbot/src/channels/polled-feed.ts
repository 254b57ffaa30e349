/** What {@link polledFeed} reads, hands on and tells. */
export type PolledFeed<T, C> = {
  /** Ends the polling: no read starts once it aborted, and a read that fails meanwhile is not told. */
  signal: AbortSignal
  /** The cursor of the first read (Telegram's `getUpdates` offset: `0`). */
  from: C
  /** The items from `cursor` on, oldest first (a long poll waits for some); a rejection is a failed read. */
  read: (cursor: C) => Promise<T[]>
  /**
   * Hands one item on; `false` when it could not be taken yet (Telegram's update answered `503`
   * while the bot is not known): the rest of the batch waits, and the feed is read again from the
   * same cursor after a pause. A rejection counts as a failed read.
   */
  take: (item: T) => Promise<boolean>
  /** The cursor after `item`, once it was taken (Telegram: its `update_id + 1`). */
  after: (item: T) => C
  /** Told each failed read (or failed `take`), before the pause; not once `signal` aborted. */
  failed: (error: unknown) => void
  /** The pause before reading again after a failure or an item not taken (ms). Default 1,000. */
  retryMs?: number
}

/** The pause {@link polledFeed} takes by default before reading again (ms). */
export const FEED_RETRY_MS = 1000

/**
 * Reads a platform's update feed by polling until `signal` aborts (FrogBot's piece kit, for a
 * listener that asks its platform for updates instead of taking a webhook: Telegram's
 * `getUpdates`): each batch `read` from the cursor is handed on in order, one item at a time
 * (`take` awaited), the cursor moved past each item taken (`after`). An item not taken yet, a
 * failed read and a failed `take` are asked again from the same cursor after `retryMs`, a failure
 * told to `failed` first: nothing is skipped, and an item is handed on again until it is taken.
 * Resolves once `signal` aborted; never rejects.
 */
export async function polledFeed<T, C>(feed: PolledFeed<T, C>): Promise<void> {
  const { signal, read, take, after, failed, retryMs = FEED_RETRY_MS } = feed
  const pause = () => new Promise((resolve) => setTimeout(resolve, retryMs))
  let cursor = feed.from
  while (!signal.aborted) {
    try {
      for (const item of await read(cursor)) {
        if (!(await take(item))) {
          await pause()
          break
        }
        cursor = after(item)
      }
    } catch (error) {
      if (signal.aborted) return
      failed(error)
      await pause()
    }
  }
}
