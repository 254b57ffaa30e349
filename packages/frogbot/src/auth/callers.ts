import type { Caller, User } from '../contract/caller.ts'

/** A caller of the app's own code (`local` door): `user` when it acts for someone, else nobody. */
export function localCaller(user: User | null = null): Caller {
  return { user, credential: user ? { type: 'custom' } : { type: 'system' }, entryPoint: 'local', headers: new Headers() }
}

/** FrogBot itself, for what it settles on its own (expiry, docs/chat/client-tools.md: `client.expiresIn`). */
export function systemCaller(): Caller {
  return { user: null, credential: { type: 'system' }, entryPoint: 'system', headers: new Headers() }
}
