import { errorText } from 'frogbot/channels'
import { authorization, type LinearSettings } from './linear-settings.ts'

/** How long one request to Linear's GraphQL API may take, at most (ms); a card drawing then ends well before its claim lapses (`CARD_CLAIM_TTL_MS`). */
export const REQUEST_TIMEOUT_MS = 10_000

/** An agent activity's content ("Agent activities", linear.app/developers/agent-interaction): a `thought`, an `elicitation` (asks the person for input), a `response` (the work is done) or an `error`; `body` is Markdown. */
export type ActivityContent = { type: 'thought' | 'elicitation' | 'response' | 'error'; body: string }

/** A signal of an activity the agent sends (`select`: the elicitation's options as `signalMetadata.options`, "Agent signals", linear.app/developers/agent-signals). */
export type ActivitySignal = { signal: 'select'; signalMetadata: { options: { label: string; value: string }[] } }

/** Who the API key or token is: the app user's id, its name, its workspace. */
export type Viewer = { id: string; displayName: string; organizationId: string }

/** An error of Linear's API: `status` is the HTTP status (0 when Linear was not reached); `message` says what Linear said. */
export class LinearApiError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'LinearApiError'
    this.status = status
  }
}

const VIEWER = 'query FrogbotViewer { viewer { id displayName organization { id } } }'
const ACTIVITY = 'mutation FrogbotAgentActivity($input: AgentActivityCreateInput!) { agentActivityCreate(input: $input) { success agentActivity { id } } }'

/**
 * The calls the piece makes to Linear's GraphQL API itself (`settings.apiUrl`, with the key or
 * token as `Authorization`), each bounded to {@link REQUEST_TIMEOUT_MS}: who the app is, and a new
 * agent activity in a session (`agentActivityCreate`; activities cannot be edited). A refused
 * request, an answer with `errors`, or none at all throws {@link LinearApiError}.
 */
export function linearApi(settings: Pick<LinearSettings, 'apiUrl' | 'auth'>) {
  const request = async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    let response: Response
    try {
      response = await fetch(settings.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: authorization(settings.auth) },
        body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS)
      })
    } catch (error) {
      throw new LinearApiError(`Linear's API at ${settings.apiUrl} could not be reached (${errorText(error)})`, 0)
    }
    const answer = (await response.json().catch(() => null)) as { data?: T; errors?: { message?: string }[] } | null
    const said = answer?.errors?.map((error) => error.message).filter(Boolean).join('; ')
    if (!response.ok || !answer?.data || said) throw new LinearApiError(`Linear's API answered ${response.status}${said ? `: ${said}` : ''}`, response.status)
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
      if (!agentActivityCreate.success || !agentActivityCreate.agentActivity) throw new LinearApiError(`Linear did not create the ${content.type} activity in session ${sessionId}`, 200)
      return agentActivityCreate.agentActivity.id
    }
  }
}

/** See {@link linearApi}. */
export type LinearApi = ReturnType<typeof linearApi>
