import type { ChatSummary } from '@frogbotai/protocol'
import type { ChatAdapter } from './chat-adapter.ts'
import { errorMessage } from './chat-api-error.ts'
import { refusalOf } from './session/refusals.ts'
import { SnapshotStore } from './session/snapshot-store.ts'
import { apiCallError } from './chat-api-error.ts'

/** How often a list of chats is read again while it is shown, in milliseconds, so badges follow answers given elsewhere. */
export const CHAT_LIST_POLL_MS = 3000

/**
 * A list of chats as {@link ChatListStore} last read it:
 * - `chats`: the caller's chats, newest first (`null` until the first read);
 * - `error`: why the last read failed, for a person; `unreachable`: the server did not answer;
 * - `signedOut`: the server answered `401` (nobody is signed in any more).
 */
export type ChatListSnapshot = { chats: readonly ChatSummary[] | null; error: string | null; unreachable: boolean; signedOut: boolean }

/**
 * The caller's chats (of `agent`, or of every agent they may use), newest first, held outside
 * React (docs/ui/overview.md): storage is the truth, so the list is read from the server when the
 * first subscriber comes, every {@link CHAT_LIST_POLL_MS} while someone watches and the page is
 * visible, and whenever `refresh()` is called (the provider calls it when one of its chats starts,
 * waits or ends). Calls that come together make one request; a call during a request makes one more after it.
 */
export class ChatListStore {
  readonly agent: string | undefined
  readonly #adapter: ChatAdapter
  readonly #limit: number
  readonly #store = new SnapshotStore<ChatListSnapshot>({ chats: null, error: null, unreachable: false, signedOut: false }, { onWatched: () => this.#start(), onUnwatched: () => this.#stop() })
  #timer: ReturnType<typeof setInterval> | undefined
  #scheduled = false
  #inFlight = false
  #again = false

  constructor({ adapter, agent, limit = 50 }: { adapter: ChatAdapter; agent?: string; limit?: number }) {
    this.#adapter = adapter
    this.agent = agent
    this.#limit = limit
    this.getSnapshot = this.#store.getSnapshot
    this.subscribe = this.#store.subscribe
  }

  /** The list as last read (see {@link ChatListSnapshot}). */
  readonly getSnapshot: () => ChatListSnapshot

  /** Subscribes to changes; the first subscriber reads the list and starts reading it again every few seconds. */
  readonly subscribe: (listener: () => void) => () => void

  /** Reads the list again soon (calls that come together make one request). */
  refresh = (): void => {
    if (this.#inFlight) {
      this.#again = true
      return
    }
    if (this.#scheduled) return
    this.#scheduled = true
    queueMicrotask(() => {
      this.#scheduled = false
      void this.#load()
    })
  }

  async #load() {
    this.#inFlight = true
    try {
      const { chats } = await this.#adapter.listChats({ agent: this.agent, limit: this.#limit })
      this.#store.update({ chats, error: null, unreachable: false, signedOut: false })
    } catch (error) {
      const unreachable = refusalOf(error) === 'unreachable'
      const signedOut = apiCallError(error)?.status === 401
      this.#store.update({ error: unreachable ? "Can't reach the server; the list catches up once it is back." : errorMessage(error), unreachable, signedOut })
    } finally {
      this.#inFlight = false
      if (this.#again) {
        this.#again = false
        this.refresh()
      }
    }
  }

  #start() {
    this.refresh()
    this.#timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') this.refresh()
    }, CHAT_LIST_POLL_MS)
  }

  #stop() {
    clearInterval(this.#timer)
    this.#timer = undefined
  }
}
