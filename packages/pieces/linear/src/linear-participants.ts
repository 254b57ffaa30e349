import { type Participant, withoutAtMentions } from 'frogbot/channels'
import type { LinearUser, SessionEvent } from './linear-payloads.ts'

/**
 * A Linear user as the piece hands them to FrogBot: `userId` their Linear user id, `name` their
 * name, `email` their email (Linear shares it with apps; FrogBot matches it to a FrogBot user),
 * `username` the handle of their profile address (`linear.app/<workspace>/profiles/<username>`), when given.
 */
export type LinearParticipant = Participant & { name: string; username?: string }

const PROFILE = /\/profiles\/([^/?#]+)/

/** The person of a webhook payload (who prompted a session, or created it), as a {@link LinearParticipant}. */
export function userParticipant({ id, name, email, url }: LinearUser): LinearParticipant {
  const username = PROFILE.exec(url)?.[1]
  return { userId: id, name: name || id, ...(email ? { email } : {}), ...(username ? { username } : {}) }
}

/**
 * Who wrote what a session event carries, and what they wrote (Markdown): a `prompted` event's
 * activity and its author; a `created` event's comment (else Linear's prompt context) and the
 * session's creator, or `null` for a session no person opened (an automation's).
 */
export function eventMessage(event: SessionEvent): { id: string; author: LinearUser | null; body: string } {
  const { agentSession: session, agentActivity: activity } = event
  if (event.action === 'prompted') return { id: activity!.sourceCommentId ?? activity!.id, author: activity!.user, body: activity!.content.body ?? '' }
  return { id: session.comment?.id ?? `agent-session-${session.id}`, author: session.creator ?? null, body: session.comment?.body ?? event.promptContext ?? '' }
}

