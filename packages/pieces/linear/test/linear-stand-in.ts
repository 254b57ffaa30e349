import { randomUUID } from 'node:crypto'
import { type StandInAnswer, type StandInRequest, standInServer } from 'frogbot/testing'

/** A Linear user the stand-in knows: id, name, email, profile handle. */
export type LinearAccount = { id: string; name: string; email: string; username: string }

/** Linear's agent session states ("Agent interaction", linear.app/developers/agent-interaction). */
export type SessionState = 'pending' | 'active' | 'error' | 'awaitingInput' | 'complete' | 'stale'

/** An agent session on the stand-in: its issue, who opened it, its state (from its latest activity, as Linear derives it). */
export type StandInSession = { id: string; issueId: string; creator: LinearAccount; state: SessionState; comment: { id: string; body: string } }

/** An activity the piece posted: its session, type, Markdown body, signal and metadata. */
export type StandInActivity = { id: string; sessionId: string; type: string; body: string; signal?: string; signalMetadata?: any; ephemeral?: boolean }

/** One GraphQL request the piece made: its operation, variables, the credential it sent, the status it got. */
export type StandInCall = { operation: string; variables: any; auth: string | null; status: number }

const STATE_OF: Record<string, SessionState> = { thought: 'active', action: 'active', elicitation: 'awaitingInput', response: 'complete', error: 'error' }

const json = (status: number, body: unknown): StandInAnswer => ({ status, json: body, headers: { 'content-type': 'application/json; charset=utf-8' } })

/** A GraphQL request as the stand-in reads it: its operation (`viewer`, `agentActivityCreate`, else the query's start), variables and credential; `null` when the body is not JSON. */
function callOf(request: StandInRequest): Omit<StandInCall, 'status'> | null {
  let parsed: { query?: string; variables?: unknown }
  try {
    parsed = JSON.parse(request.body)
  } catch {
    return null
  }
  const operation = /agentActivityCreate/.test(parsed.query ?? '') ? 'agentActivityCreate' : /\bviewer\b/.test(parsed.query ?? '') ? 'viewer' : (parsed.query ?? '').slice(0, 60)
  return { operation, variables: parsed.variables, auth: request.headers.authorization ?? null }
}

/**
 * A stand-in for Linear's GraphQL API on 127.0.0.1 (linear.app/developers/graphql), for the piece's
 * `apiUrl`: `viewer` (the app's user and workspace) and `agentActivityCreate` (an activity in a
 * session, which sets the session's state as Linear does: `elicitation` → awaitingInput,
 * `response` → complete, `thought` → active). A wrong credential is `400` with Linear's
 * "Authentication required" error; an unknown session, activity type or operation is a GraphQL
 * error. Every request is recorded. `failNext(when, status)` makes the next matching request fail;
 * `slow(ms)` delays every answer. The server, its record and its failures are `frogbot/testing`'s
 * `standInServer`.
 */
export async function linearStandIn({ app, organizationId = 'org-acme', credential }: { app: LinearAccount; organizationId?: string; credential: string }) {
  const sessions = new Map<string, StandInSession>()
  const activities: StandInActivity[] = []

  const answer = (operation: string, variables: any): { status: number; body: unknown } => {
    if (operation === 'viewer') return { status: 200, body: { data: { viewer: { id: app.id, displayName: app.name, organization: { id: organizationId } } } } }
    if (operation === 'agentActivityCreate') {
      const input = variables?.input ?? {}
      const session = sessions.get(input.agentSessionId)
      if (!session) return { status: 200, body: { errors: [{ message: 'Entity not found: AgentSession' }], data: null } }
      const { type, body } = input.content ?? {}
      if (!(type in STATE_OF) || typeof body !== 'string') return { status: 200, body: { errors: [{ message: 'Argument Validation Error: content' }], data: null } }
      const activity: StandInActivity = { id: randomUUID(), sessionId: session.id, type, body, ...(input.signal ? { signal: input.signal, signalMetadata: input.signalMetadata } : {}), ...(input.ephemeral ? { ephemeral: true } : {}) }
      activities.push(activity)
      session.state = STATE_OF[type]
      return { status: 200, body: { data: { agentActivityCreate: { success: true, agentActivity: { id: activity.id } } } } }
    }
    return { status: 400, body: { errors: [{ message: `Cannot query ${operation}` }] } }
  }

  const server = await standInServer((request) => {
    const call = callOf(request)
    if (!call) return json(400, { errors: [{ message: 'Body is not JSON' }] })
    if (call.auth !== credential) return json(400, { errors: [{ message: 'Authentication required, not authenticated', extensions: { code: 'AUTHENTICATION_ERROR' } }] })
    const { status, body } = answer(call.operation, call.variables)
    return json(status, body)
  })
  const url = `${server.url}/graphql`
  const matching = (request: StandInRequest, when: (call: Omit<StandInCall, 'status'>) => boolean) => {
    const call = callOf(request)
    return call !== null && when(call)
  }

  return {
    url,
    app,
    organizationId,
    /** Every GraphQL request so far, oldest first (see {@link StandInCall}). */
    get calls(): StandInCall[] {
      return server.calls.flatMap((recorded) => {
        const call = callOf(recorded)
        return call ? [{ ...call, status: recorded.status }] : []
      })
    },
    activities,
    /** Opens an agent session on `issueId` by `creator` (a mention or a delegation): Linear's `created` event follows. */
    openSession: (issueId: string, creator: LinearAccount, body: string): StandInSession => {
      const session: StandInSession = { id: randomUUID(), issueId, creator, state: 'pending', comment: { id: randomUUID(), body } }
      sessions.set(session.id, session)
      return session
    },
    session: (id: string) => sessions.get(id),
    /** The latest session on `issueId`. */
    sessionOf: (issueId: string) => [...sessions.values()].filter((session) => session.issueId === issueId).at(-1),
    sessions: () => [...sessions.values()],
    /** Makes every answer take `ms` (0: at once). */
    slow: server.slow,
    failNext: (when: (call: Omit<StandInCall, 'status'>) => boolean, status = 500) =>
      server.failNext({ when: (request) => matching(request, when) }, json(status, { errors: [{ message: 'Internal server error' }] })),
    close: server.close
  }
}

/** See {@link linearStandIn}. */
export type LinearStandIn = Awaited<ReturnType<typeof linearStandIn>>
