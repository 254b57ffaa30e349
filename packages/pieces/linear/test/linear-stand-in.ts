import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

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

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.statusCode = status
  response.setHeader('content-type', 'application/json; charset=utf-8')
  response.end(JSON.stringify(body))
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => resolve(body))
  })

/**
 * A stand-in for Linear's GraphQL API on 127.0.0.1 (linear.app/developers/graphql), for the piece's
 * `apiUrl`: `viewer` (the app's user and workspace) and `agentActivityCreate` (an activity in a
 * session, which sets the session's state as Linear does: `elicitation` → awaitingInput,
 * `response` → complete, `thought` → active). A wrong credential is `400` with Linear's
 * "Authentication required" error; an unknown session, activity type or operation is a GraphQL
 * error. Every request is recorded. `failNext(when, status)` makes the next matching request fail;
 * `slow(ms)` delays every answer.
 */
export async function linearStandIn({ app, organizationId = 'org-acme', credential }: { app: LinearAccount; organizationId?: string; credential: string }) {
  const calls: StandInCall[] = []
  const sessions = new Map<string, StandInSession>()
  const activities: StandInActivity[] = []
  const failures: { when: (call: Omit<StandInCall, 'status'>) => boolean; status: number }[] = []
  let delayMs = 0

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

  const server = createServer(async (request, response) => {
    const raw = await read(request)
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    let parsed: { query?: string; variables?: unknown } = {}
    try {
      parsed = JSON.parse(raw)
    } catch {
      return json(response, 400, { errors: [{ message: 'Body is not JSON' }] })
    }
    const operation = /agentActivityCreate/.test(parsed.query ?? '') ? 'agentActivityCreate' : /\bviewer\b/.test(parsed.query ?? '') ? 'viewer' : (parsed.query ?? '').slice(0, 60)
    const call = { operation, variables: parsed.variables, auth: request.headers.authorization ?? null }
    const failure = failures.findIndex((candidate) => candidate.when(call))
    if (failure >= 0) {
      const [{ status }] = failures.splice(failure, 1)
      calls.push({ ...call, status })
      return json(response, status, { errors: [{ message: 'Internal server error' }] })
    }
    if (call.auth !== credential) {
      calls.push({ ...call, status: 400 })
      return json(response, 400, { errors: [{ message: 'Authentication required, not authenticated', extensions: { code: 'AUTHENTICATION_ERROR' } }] })
    }
    const { status, body } = answer(operation, parsed.variables)
    calls.push({ ...call, status })
    json(response, status, body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`

  return {
    url,
    app,
    organizationId,
    calls,
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
    slow: (ms: number) => void (delayMs = ms),
    failNext: (when: (call: Omit<StandInCall, 'status'>) => boolean, status = 500) => void failures.push({ when, status }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** See {@link linearStandIn}. */
export type LinearStandIn = Awaited<ReturnType<typeof linearStandIn>>
