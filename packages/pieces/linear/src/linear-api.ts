import { errorText, jsonCall, PlatformError } from 'frogbot/channels'
import { authorization, type LinearSettings } from './linear-settings.ts'

/** How long one request to Linear's GraphQL API may take, at most (ms); a card drawing then ends well before its claim lapses (`CARD_CLAIM_TTL_MS`). */
export const REQUEST_TIMEOUT_MS = 10_000

/** An agent activity's content ("Agent activities", linear.app/developers/agent-interaction): a `thought`, an `elicitation` (asks the person for input), a `response` (the work is done) or an `error`; `body` is Markdown. */
export type ActivityContent = { type: 'thought' | 'elicitation' | 'response' | 'error'; body: string }

/** A signal of an activity the agent sends (`select`: the elicitation's options as `signalMetadata.options`, "Agent signals", linear.app/developers/agent-signals). */
export type ActivitySignal = { signal: 'select'; signalMetadata: { options: { label: string; value: string }[] } }

/** Who the API key or token is: the app user's id, its name, its workspace. */
export type Viewer = { id: string; displayName: string; organizationId: string }

const VIEWER = 'query FrogbotViewer { viewer { id displayName organization { id } } }'
const ACTIVITY = 'mutation FrogbotAgentActivity($input: AgentActivityCreateInput!) { agentActivityCreate(input: $input) { success agentActivity { id } } }'

/**
 * The calls the piece makes to Linear's GraphQL API itself (`settings.apiUrl`, with the key or
 * token as `Authorization`; the kit's `jsonCall`), each bounded to {@link REQUEST_TIMEOUT_MS}: who
 * the app is, and a new agent activity in a session (`agentActivityCreate`; activities cannot be
 * edited). A refused request, an answer with `errors`, or none at all throws the kit's
 * `PlatformError`: its `status` the HTTP status (0 when Linear was not reached), its `message`
 * what Linear said.
 */
export function linearApi(settings: Pick<LinearSettings, 'apiUrl' | 'auth'>) {
  const request = async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    const { status, ok, answer } = await jsonCall<{ data?: T; errors?: { message?: string }[] }>(settings.apiUrl, {
      method: 'POST',
      headers: { authorization: authorization(settings.auth) },
      json: { query, ...(variables ? { variables } : {}) },
      timeoutMs: REQUEST_TIMEOUT_MS
    }).catch((error: unknown) => {
      throw new PlatformError(`Linear's API at ${settings.apiUrl} could not be reached (${errorText(error)})`, 0)
    })
    const said = answer?.errors?.map((error) => error.message).filter(Boolean).join('; ')
    if (!ok || !answer?.data || said) throw new PlatformError(`Linear's API answered ${status}${said ? `: ${said}` : ''}`, status)
    return answer.data
  }
  return {
    /** Who the key or token is (`viewer`): for an app installed with `actor=app`, the app's own user. */
    viewer: async (): Promise<Viewer> => {
      const { viewer } = await request<{ viewer: { id: string; displayName: string; organization: { id: string } } }>(VIEWER)
      return { id: viewer.id, displayName: viewer.displayName, organizationId: viewer.organization.id }
    },
    /** Posts an activity in agent session `sessionId`; returns its id. */
    activity: async (sessionId: string, content: ActivityContent, signal?: ActivitySignal): Promise<string> => {
      const { agentActivityCreate } = await request<{ agentActivityCreate: { success: boolean; agentActivity: { id: string } | null } }>(ACTIVITY, {
        input: { agentSessionId: sessionId, content, ...(signal ?? {}) }
      })
      if (!agentActivityCreate.success || !agentActivityCreate.agentActivity) throw new PlatformError(`Linear did not create the ${content.type} activity in session ${sessionId}`, 200)
      return agentActivityCreate.agentActivity.id
    }
  }
}

/** See {@link linearApi}. */
export type LinearApi = ReturnType<typeof linearApi>
