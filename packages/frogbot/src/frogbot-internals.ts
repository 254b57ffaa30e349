import type { Auth } from './auth/create-auth.ts'
import type { ChatStore } from './store/chat-store.ts'
import type { Engine } from './turns/engine.ts'

/** What a FrogBot instance runs on, kept off its public object: its engine, store and sign-in (made once, for HTTP and the CLI). */
export type FrogbotInternals = { engine: Engine; store: ChatStore; auth: Auth }

const internals = new WeakMap<object, FrogbotInternals>()

/** Records the internals of a FrogBot instance (by `createFrogbot`). */
export function remember(frogbot: object, parts: FrogbotInternals): void {
  internals.set(frogbot, parts)
}

/**
 * The engine and store behind a FrogBot instance, for FrogBot's own CLI and tests: not part of the
 * public API. Throws for an object `createFrogbot` did not make.
 */
export function internalsOf(frogbot: object): FrogbotInternals {
  const found = internals.get(frogbot)
  if (!found) throw new Error('internalsOf: not a FrogBot instance made by createFrogbot')
  return found
}

/** The store behind a FrogBot instance (tests, the CLI). */
export function storeOf(frogbot: object): ChatStore {
  return internalsOf(frogbot).store
}
