import { errorText, onceUntilFailure, type PieceContext, withoutAtMentions } from 'frogbot/channels'
import type { LinearApi } from './linear-api.ts'
import { eventMessage, userParticipant } from './linear-participants.ts'
import type { SessionEvent } from './linear-payloads.ts'
import { sessionStop } from './session-stop.ts'

/** The activity that acknowledges a new session before the model runs (Linear wants one within 10 s, "Agent best practices"). */
export const ACKNOWLEDGED = 'Looking into it…'

/** How long a message is remembered by its id, so that one Linear sends twice is read once (ms; Chat SDK's own window). */
const SEEN_MS = 10 * 60_000

/** The chat thread of an agent session: `linear:{issue}:s:{session}` (Chat SDK's Linear thread ids, kept for chats made before). */
const sessionThread = (event: SessionEvent) => `linear:${event.agentSession.issueId ?? event.agentSession.issue?.id}:s:${event.agentSession.id}`

/**
 * What the piece does with a verified agent session event, in the background (the webhook is
 * answered at once). Who the app is, is asked of Linear's API (`viewer`, bounded) at start and
 * again with each event until known (the kit's `onceUntilFailure`); while unknown, `unknownApp`
 * is told why once and each event passed over is logged. A session of another app of the
 * workspace is not this agent's. Linear's stop signal never becomes a message (never read as an
 * answer): it dismisses the waiting question or stops the turn (see `sessionStop`). A `created`
 * event first gets the acknowledging activity. Then what the event carries goes to the runtime as a message of the session's thread
 * from its author (the app's mention taken out; a message with nothing left, an automation's, the
 * app's own, or one read before is skipped), with the workspace as the chat's account.
 */
export function sessionEvents({ engine, runtime, state, log, track }: Pick<PieceContext, 'engine' | 'runtime' | 'state' | 'log' | 'track'>, api: LinearApi, unknownApp: (error: unknown) => void) {
  const stop = sessionStop({ engine, runtime }, api)
  const viewer = onceUntilFailure(() =>
    api.viewer().catch((error: unknown) => {
      unknownApp(error)
      throw error
    })
  )
  const identity = () => viewer().catch(() => null)
  void track(identity())

  const handle = async (event: SessionEvent) => {
    const session = event.agentSession.id
    const known = await identity()
    if (!known) return log(`agent session ${session} (${event.action}) was not answered: FrogBot could not learn from Linear's API who the app is (see the line above)`)
    if (event.agentSession.appUserId !== known.id) return
    const thread = sessionThread(event)
    if (event.action === 'prompted' && event.agentActivity?.signal === 'stop') {
      return stop({ thread, session, participant: userParticipant(event.agentActivity.user) }).catch((error: unknown) => log(`could not stop agent session ${session}: ${errorText(error)}`))
    }
    if (event.action === 'created') await api.activity(session, { type: 'thought', body: ACKNOWLEDGED }).catch((error: unknown) => log(`could not acknowledge agent session ${session}: ${errorText(error)}`))
    const { id, author, body } = eventMessage(event)
    // What the session message says, for the agent and for answers: the app's mentions taken out.
    const text = withoutAtMentions(body, known.displayName ? [known.displayName] : [])
    if (!author || author.id === known.id || !text || !(await state.setIfNotExists(`frogbot:linear:seen:${id}`, true, SEEN_MS))) return
    await runtime.message({ thread, account: event.organizationId, participant: userParticipant(author), text })
  }
  return (event: SessionEvent) => void track(handle(event).catch((error: unknown) => log(`agent session ${event.agentSession.id} failed: ${errorText(error)}`)))
}
