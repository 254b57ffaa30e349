import type { DirectPerson } from '../contract/piece.ts'

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
