/**
 * State held outside React for `useSyncExternalStore`: `getSnapshot` and `subscribe` for
 * components, `update` for its owner, which every change replaces the snapshot. `onWatched` runs
 * when the first subscriber comes, `onUnwatched` when the last one leaves.
 */
export class SnapshotStore<T extends object> {
  #snapshot: T
  readonly #listeners = new Set<() => void>()
  readonly #onWatched: () => void
  readonly #onUnwatched: () => void

  constructor(initial: T, { onWatched = () => {}, onUnwatched = () => {} }: { onWatched?: () => void; onUnwatched?: () => void } = {}) {
    this.#snapshot = initial
    this.#onWatched = onWatched
    this.#onUnwatched = onUnwatched
  }

  getSnapshot = (): T => this.#snapshot

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    if (this.#listeners.size === 1) this.#onWatched()
    return () => {
      this.#listeners.delete(listener)
      if (this.#listeners.size === 0) this.#onUnwatched()
    }
  }

  /** Replaces the snapshot with `change` applied and tells every subscriber. */
  update(change: Partial<T>): void {
    this.#snapshot = { ...this.#snapshot, ...change }
    for (const listener of this.#listeners) listener()
  }
}
