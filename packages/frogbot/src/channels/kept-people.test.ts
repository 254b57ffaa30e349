import { describe, expect, it } from 'vitest'
import { type KnownPerson, keptPeople, PERSON_KEEP_MS, PERSON_MISS_KEEP_MS } from './kept-people.ts'
import { PlatformError } from './platform-error.ts'
import { memoryState } from '../../test/helpers/memory-state.ts'

/** A lookup answering from `answers` by user id (an `Error` is thrown), recording who was asked where. */
function lookUpOf(answers: Record<string, KnownPerson | Error>) {
  const asked: [string, string][] = []
  const lookUp = async (userId: string, where: string) => {
    asked.push([userId, where])
    const answer = answers[userId]
    if (answer instanceof Error) throw answer
    return answer ?? null
  }
  return { asked, lookUp }
}

const ADA = { userId: 'u1', name: 'Ada L.', email: 'ada@example.com' }

describe('keptPeople', () => {
  it('looks a person up once, keeps them an hour under the key, named as the platform says', async () => {
    const state = memoryState()
    const { asked, lookUp } = lookUpOf({ u1: { name: 'Ada L.', email: 'ada@example.com' } })
    const people = keptPeople({ state, key: 'p:member', lookUp, lookup: 'the lookup', failed: () => {} })
    expect(await people('t1', { userId: 'u1', name: 'Ada' })).toEqual(ADA)
    expect(await people('t2', { userId: 'u1' })).toEqual(ADA)
    expect(asked).toEqual([['u1', 't1']])
    expect(state.ttls.get('p:member:u1')).toBe(PERSON_KEEP_MS)
    expect(people.lookupProblem('u1')).toBeNull()
  })

  it('keeps an email the event carried, unasked, and its name where the lookup gives none', async () => {
    const state = memoryState()
    const { asked, lookUp } = lookUpOf({ u2: { email: 'bob@example.com' } })
    const people = keptPeople({ state, key: 'p', lookUp, lookup: 'the lookup', failed: () => {} })
    const ada = { userId: 'u1', name: 'Ada', email: 'ada@example.com' }
    expect(await people('t', ada)).toEqual(ada)
    expect(await people('t', { userId: 'u1' })).toEqual(ada)
    const bob = { userId: 'u2', name: 'Bob', email: 'bob@example.com' }
    expect(await people('t', { userId: 'u2', name: 'Bob' })).toEqual(bob)
    expect(asked).toEqual([['u2', 't']])
  })

  it('keeps nobody found for a minute, without a problem', async () => {
    const state = memoryState()
    const { lookUp } = lookUpOf({})
    const people = keptPeople({ state, key: 'p', lookUp, lookup: 'the lookup', failed: () => {} })
    expect(await people('t', { userId: 'u9', name: 'Eve' })).toEqual({ userId: 'u9', name: 'Eve' })
    expect(state.ttls.get('p:u9')).toBe(PERSON_MISS_KEEP_MS)
    expect(people.lookupProblem('u9')).toBeNull()
  })

  it("keeps a platform's 404 as nobody found, a 404 of the credentials as a failure", async () => {
    const state = memoryState()
    const failures: string[] = []
    const answers: Record<string, KnownPerson | Error> = {
      u1: new PlatformError('the platform answered 404', 404),
      u2: new PlatformError('the token endpoint answered 404', 404, { credentials: true })
    }
    const lookUp = lookUpOf(answers).lookUp
    const failed = (who: string) => failures.push(who)
    const people = keptPeople({ state, key: 'p', lookUp, lookup: 'the lookup', failed })
    expect(await people('t', { userId: 'u1', name: 'Eve' })).toEqual({ userId: 'u1', name: 'Eve' })
    expect(people.lookupProblem('u1')).toBeNull()
    expect(state.ttls.get('p:u1')).toBe(PERSON_MISS_KEEP_MS)
    await people('t', { userId: 'u2' })
    expect(failures).toEqual(['u2 (u2)'])
    expect(people.lookupProblem('u2')).toMatchObject({ kind: 'refused' })
  })

  it('tells a failure and keeps it a minute with why (credentials refused, or unreachable)', async () => {
    const state = memoryState()
    const failures: string[] = []
    const answers: Record<string, KnownPerson | Error> = {
      u1: new PlatformError('the platform answered 401', 401),
      u2: new Error('timed out')
    }
    const people = keptPeople({
      state,
      key: 'p',
      lookUp: lookUpOf(answers).lookUp,
      lookup: 'the roster lookup',
      failed: (who, why) => failures.push(`${who}: ${why}`)
    })
    expect(await people('t', { userId: 'u1', name: 'Ada' })).toEqual({ userId: 'u1', name: 'Ada' })
    expect(await people('t', { userId: 'u2' })).toEqual({ userId: 'u2' })
    expect(failures).toEqual(['Ada (u1): the platform answered 401', 'u2 (u2): timed out'])
    const refused = { kind: 'refused', reason: 'the roster lookup: the platform answered 401' }
    expect(people.lookupProblem('u1')).toEqual(refused)
    const unreachable = { kind: 'unreachable', reason: 'the roster lookup: timed out' }
    expect(people.lookupProblem('u2')).toEqual(unreachable)
    expect(state.ttls.get('p:u1')).toBe(PERSON_MISS_KEEP_MS)
    // Another server reads the failure kept in the state, and tells it alike.
    const other = keptPeople({ state, key: 'p', lookUp: lookUpOf({}).lookUp, lookup: 'x', failed: () => {} })
    await other('t', { userId: 'u1' })
    expect(other.lookupProblem('u1')).toEqual(refused)
    // Once the miss is over, a lookup that succeeds forgets the failure.
    state.values.delete('p:u1')
    answers.u1 = { email: 'ada@example.com' }
    expect(await people('t', { userId: 'u1' })).toEqual({ userId: 'u1', email: 'ada@example.com' })
    expect(people.lookupProblem('u1')).toBeNull()
  })
})
