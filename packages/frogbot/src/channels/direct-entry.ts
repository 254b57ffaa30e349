import type { DirectPerson } from '../contract/piece.ts'
import type { OpenDirect } from './runtime/direct-cards.ts'

/**
 * The platform user id a `notify.pieces` entry names on a platform that shares no emails (FrogBot's
 * piece kit, for a piece's `openDirect`): an entry `<instance>:<user id>` of this instance
 * (`discord:80351110224678912`, `telegram:1002`), its id matching `id` (default: digits, at most
 * 20), else `undefined` (another instance's entry, an email, an id of another shape).
 */
export function directEntryId({ entry }: Pick<DirectPerson, 'entry'>, instance: string, id = /^\d{1,20}$/) {
  const prefix = `${instance}:`
  const named = entry.startsWith(prefix) ? entry.slice(prefix.length) : ''
  return id.test(named) ? named : undefined
}

/**
 * A piece's `openDirect` on a platform that shares no emails (FrogBot's piece kit): an entry
 * `<instance>:<user id>` of this instance (see {@link directEntryId}; `id`: the shape of a user
 * id) resolves to the thread `open(userId)` gives, the user's direct conversation (opened if need
 * be: what the platform refuses is thrown, for the kit to log and try the next piece); any other
 * entry to `undefined`.
 */
export function directEntryOpener(
  instance: string,
  open: (userId: string) => string | Promise<string>,
  id?: RegExp
): OpenDirect {
  return async (person) => {
    const userId = directEntryId(person, instance, id)
    return userId === undefined ? undefined : open(userId)
  }
}
