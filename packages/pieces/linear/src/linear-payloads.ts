import { payloadProblem } from 'frogbot/channels'
import { z } from 'zod'

// The parts of Linear's webhook payloads the piece reads ("Webhooks" and
// "Agent interaction", linear.app/developers): an `AgentSessionEvent` is `created` when someone
// delegates an issue to the app or mentions it, `prompted` when someone writes in its session
// (or sends a signal, such as stop). Ids are Linear's UUIDs: nothing that could pass for a
// separator of the piece's thread ids (`linear:{issue}:s:{session}`).
const id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a Linear id')

const LinearUser = z.object({ id, name: z.string().max(500), email: z.string().max(320).nullish(), url: z.string().max(2000), avatarUrl: z.string().nullish() })

const AgentSession = z.object({
  id,
  appUserId: id,
  issueId: id.nullish(),
  issue: z.object({ id }).nullish(),
  comment: z.object({ id, body: z.string() }).nullish(),
  creator: LinearUser.nullish(),
  url: z.string().nullish()
})

const AgentActivity = z.object({
  id,
  content: z.object({ type: z.string().optional(), body: z.string().optional() }),
  signal: z.string().nullish(),
  user: LinearUser,
  sourceCommentId: id.nullish(),
  createdAt: z.string()
})

const SessionEvent = z.object({
  type: z.literal('AgentSessionEvent'),
  action: z.enum(['created', 'prompted']),
  organizationId: z.string().min(1),
  createdAt: z.string(),
  agentSession: AgentSession,
  agentActivity: AgentActivity.nullish(),
  promptContext: z.string().nullish()
})

/** A Linear user as a webhook payload has them: id, name, email (shared with apps), profile address. */
export type LinearUser = z.output<typeof LinearUser>

/** An agent session event as the piece reads it. */
export type SessionEvent = z.output<typeof SessionEvent>

/**
 * What a verified delivery is:
 * - `session`: an agent session event the agent acts on (`created`, or `prompted` with what was
 *   written or signalled);
 * - `ignored`: anything else (comments, reactions, issues, other actions), with why;
 * - `unreadable`: a body that is not the payload Linear sends, with the field and the rule.
 */
export type Delivery = { kind: 'session'; event: SessionEvent } | { kind: 'ignored'; why: string } | { kind: 'unreadable'; why: string }

/** Reads the JSON object of a delivery whose signature was verified (see {@link Delivery}); pure. */
export function readDelivery(payload: Record<string, unknown>): Delivery {
  if (payload.type !== 'AgentSessionEvent') return { kind: 'ignored', why: `FrogBot reads only agent session events, not ${typeof payload.type === 'string' ? payload.type.slice(0, 40) : 'a payload without a type'}` }
  if (payload.action !== 'created' && payload.action !== 'prompted') return { kind: 'ignored', why: 'only created and prompted agent session events are read' }
  const parsed = SessionEvent.safeParse(payload)
  if (!parsed.success) return { kind: 'unreadable', why: `the AgentSessionEvent payload is not one Linear sends (${payloadProblem(parsed.error)})` }
  const event = parsed.data
  if (!(event.agentSession.issueId ?? event.agentSession.issue?.id)) return { kind: 'ignored', why: 'the agent session belongs to no issue' }
  if (event.action === 'prompted' && !event.agentActivity) return { kind: 'unreadable', why: 'the prompted AgentSessionEvent payload is not one Linear sends (agentActivity: required)' }
  if (event.action === 'prompted' && event.agentActivity!.signal !== 'stop' && typeof event.agentActivity!.content.body !== 'string') return { kind: 'unreadable', why: 'the prompted AgentSessionEvent payload is not one Linear sends (agentActivity.content.body: required)' }
  return { kind: 'session', event }
}
