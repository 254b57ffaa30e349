import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifySession, createSession } from '../../src/auth/sessions.ts'
import { type Fixture, type FuzzApp, answerWithin, fuzzApp } from './fuzz-app.ts'
import { type FuzzCase, endpoints, fuzzCase, headersOf, resolve } from './fuzz-requests.ts'
import { FUZZ_RUNS } from './hostile-values.ts'
import { storedTranscriptProblems } from './stored-transcripts.ts'

// Generated bodies and header variants against the turn, settle, resubmission, branch, edit, stop,
// queued-message and sign-in endpoints, through the app's own handler on a real SQLite file.
// FROGBOT_FUZZ_RUNS cases in all (2000 by default, 10000 for the long run), spread over the
// endpoints. Every answer must come within 15 s and never be a 5xx; a refusal must be FrogBot's
// flat error body and leave everything stored as it was. A failing case prints its seed and path:
// rerun it with FROGBOT_FUZZ_SEED=<seed> FROGBOT_FUZZ_PATH=<path>.

const perEndpoint = Math.ceil(FUZZ_RUNS / endpoints.length)
const replay = process.env.FROGBOT_FUZZ_SEED ? { seed: Number(process.env.FROGBOT_FUZZ_SEED), path: process.env.FROGBOT_FUZZ_PATH } : {}

describe(`HTTP fuzzing: ${perEndpoint * endpoints.length} generated requests over ${endpoints.length} endpoints`, () => {
  let app: FuzzApp
  let fixture: Fixture
  let sessionToken: string
  const outcomes = new Map<string, Map<number, number>>()

  beforeAll(async () => {
    app = await fuzzApp()
    fixture = await app.seed()
    sessionToken = app.sessionToken
  })
  afterAll(async () => {
    await app?.close()
  })

  /** After an accepted request: wait for its turns, then start again from fresh fixture chats if it changed them. */
  async function restore(before: string) {
    await app.quiescent()
    if ((await app.snapshot(fixture)) !== before) fixture = await app.seed()
    if (!(await verifySession(app.db, sessionToken, new Date()))) sessionToken = (await createSession(app.db, { userId: app.user.id, now: new Date(), maxAgeSeconds: 3600 })).token
  }

  async function check(name: string, request: FuzzCase) {
    const body = typeof request.body === 'string' ? resolve(request.body, fixture) : request.body
    const headers = headersOf(request.headers, { adaToken: app.token, bobToken: app.bobToken, sessionToken }, body)
    const before = await app.snapshot(fixture)
    const answer = await answerWithin(app.frogbot, new Request(`http://localhost${resolve(request.path, fixture)}`, { method: request.method, headers, body }))
    const seen = outcomes.get(name)!
    seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1)
    expect(answer.status, answer.text.slice(0, 500)).toBeLessThan(500)
    if (answer.status < 400) return restore(before)
    if (request.method !== 'HEAD') {
      const error = JSON.parse(answer.text)
      expect(typeof error.error, answer.text.slice(0, 500)).toBe('string')
      expect(error.code === undefined || typeof error.code === 'string').toBe(true)
    }
    expect(await app.snapshot(fixture), `a ${answer.status} refusal changed what is stored: ${answer.text.slice(0, 300)}`).toBe(before)
  }

  for (const endpoint of endpoints) {
    it(endpoint.name, async () => {
      outcomes.set(endpoint.name, new Map())
      await fc.assert(
        fc.asyncProperty(fuzzCase(endpoint), (request) => check(endpoint.name, request)),
        { numRuns: perEndpoint, ...replay }
      )
      // The generators must reach past the door: some requests are accepted, others refused in several ways.
      const statuses = [...outcomes.get(endpoint.name)!.keys()]
      expect(statuses.some(endpoint.reached ?? ((status) => status < 300)), `${endpoint.name}: ${JSON.stringify([...outcomes.get(endpoint.name)!])}`).toBe(true)
      expect(statuses.filter((status) => status >= 400).length).toBeGreaterThan(1)
    }, 240_000)
  }

  it('leaves every stored chat valid for the model, and the server logged no unexpected error', async () => {
    await app.quiescent()
    expect(await storedTranscriptProblems(app.db)).toEqual([])
    expect(app.logged.filter((line) => /unexpected|TypeError|RangeError/.test(line))).toEqual([])
  })
})
