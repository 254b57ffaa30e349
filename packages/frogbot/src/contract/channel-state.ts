/** A thread lock as Chat SDK holds it: whoever has `token` holds `threadId` until `expiresAt` (ms since the epoch). */
export type ChannelLock = { threadId: string; token: string; expiresAt: number }

/** A message Chat SDK queued behind a busy thread; `message` is stored as JSON and comes back as plain data. */
export type ChannelQueueEntry<TMessage = unknown> = { enqueuedAt: number; expiresAt: number; message: TMessage }

/**
 * The state of one channel piece in FrogBot's own database (SQLite or PostgreSQL), so that a
 * restart loses nothing and every server sees the same: Chat SDK's `StateAdapter` (its 18
 * methods, structurally: `frogbot` does not depend on `chat`; pass it as `new Chat({ state })`,
 * `TMessage` being Chat SDK's `Message`), plus `sweep()` and `lastingKeys()`. Keys, locks and
 * subscriptions of one instance never meet another's. Times are milliseconds; a `ttlMs` of 0 or
 * none never expires. Values are stored as JSON and come back as plain data.
 */
export type ChannelState<TMessage = unknown> = {
  connect: () => Promise<void>
  disconnect: () => Promise<void>
  subscribe: (threadId: string) => Promise<void>
  unsubscribe: (threadId: string) => Promise<void>
  isSubscribed: (threadId: string) => Promise<boolean>
  /** Takes the lock of `threadId` (any key) for `ttlMs` when nobody holds it: the lock, or `null`. */
  acquireLock: (threadId: string, ttlMs: number) => Promise<ChannelLock | null>
  /** Extends a lock still held with its token; `false` when it was lost. */
  extendLock: (lock: ChannelLock, ttlMs: number) => Promise<boolean>
  releaseLock: (lock: ChannelLock) => Promise<void>
  forceReleaseLock: (threadId: string) => Promise<void>
  get: <T = unknown>(key: string) => Promise<T | null>
  set: <T = unknown>(key: string, value: T, ttlMs?: number) => Promise<void>
  /** Sets `key` only when it is absent (or expired), atomically across processes: whether it was set. */
  setIfNotExists: (key: string, value: unknown, ttlMs?: number) => Promise<boolean>
  delete: (key: string) => Promise<void>
  appendToList: (key: string, value: unknown, options?: { maxLength?: number; ttlMs?: number }) => Promise<void>
  getList: <T = unknown>(key: string) => Promise<T[]>
  enqueue: (threadId: string, entry: ChannelQueueEntry<TMessage>, maxSize: number) => Promise<number>
  dequeue: (threadId: string) => Promise<ChannelQueueEntry<TMessage> | null>
  queueDepth: (threadId: string) => Promise<number>
  /** Deletes expired cache entries, list items and locks now; returns how many rows went. */
  sweep: () => Promise<number>
  /** The keys of cache entries that never expire and start with `prefix` (taken literally), at most `limit` (default 1000), in key order after `after`. */
  lastingKeys: (prefix: string, options?: { after?: string; limit?: number }) => Promise<string[]>
}
