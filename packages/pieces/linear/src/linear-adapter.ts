import { LinearAdapter, type LinearAdapterConfig } from '@chat-adapter/linear'
import type { ChatInstance, WebhookOptions } from 'chat'
import type { LinearApi, Viewer } from './linear-api.ts'
import type { SessionEvent } from './linear-payloads.ts'

/**
 * What the piece does with a session event before (or instead of) Chat SDK's message: `created` is
 * acknowledged with an activity at once; `stop` is the person's stop request; `unknownApp` hears
 * why Linear's API could not say who the app is, `unanswered` each session event passed over
 * meanwhile.
 */
export type SessionHooks = {
  created: (event: SessionEvent) => Promise<void>
  stop: (event: SessionEvent) => Promise<void>
  unknownApp: (error: unknown) => void
  unanswered: (event: SessionEvent) => void
}

type Payload = Parameters<LinearAdapter['handleAgentSessionEvent']>[0]

/**
 * Chat SDK's Linear adapter as FrogBot runs it, in agent-session mode: who the app is is asked
 * through the piece's own API calls (bounded; the stock `initialize` asks unbounded), and asked
 * again on the next event until known; a session of another app is ignored; a `created` event first gets the piece's acknowledging
 * activity (Linear wants one within 10 s), then goes to Chat SDK as a message; a `prompted` event
 * that carries Linear's stop signal never becomes a message (never read as an answer): the
 * piece's `stop` handles it. Activities are posted by the piece (`LinearApi`), not by the adapter.
 */
export class FrogbotLinearAdapter extends LinearAdapter {
  private viewer: Viewer | null = null
  private asking: Promise<Viewer | null> | null = null
  private readonly api: LinearApi
  hooks: SessionHooks | null = null

  constructor(config: LinearAdapterConfig, api: LinearApi) {
    super(config)
    this.api = api
  }

  /** The app's user as Linear says it, asked once at a time until known (`null` while Linear cannot say). */
  async identity(): Promise<Viewer | null> {
    if (this.viewer) return this.viewer
    this.asking ??= this.api
      .viewer()
      .then((viewer) => {
        this.viewer = viewer
        this.defaultBotUserId = viewer.id
        this.defaultOrganizationId = viewer.organizationId
        return viewer
      })
      .catch((error: unknown) => {
        this.hooks?.unknownApp(error)
        return null
      })
      .finally(() => {
        this.asking = null
      })
    return this.asking
  }

  /** The app's name people mention (`@name`), once known. */
  get appName(): string | null {
    return this.viewer?.displayName ?? null
  }

  override async initialize(chat: ChatInstance): Promise<void> {
    this.chat = chat
    await this.identity()
  }

  protected override handleAgentSessionEvent(payload: Payload, options?: WebhookOptions): void {
    const event = payload as unknown as SessionEvent
    const work = (async () => {
      if (!(await this.identity())) return this.hooks?.unanswered(event)
      // A session of another app of the workspace is not this agent's.
      if (event.agentSession.appUserId !== this.defaultBotUserId) return
      if (event.action === 'prompted' && event.agentActivity?.signal === 'stop') return this.hooks?.stop(event)
      if (event.action === 'created') await this.hooks?.created(event)
      super.handleAgentSessionEvent(payload, options)
    })().catch((error: unknown) => this.logger.error('Linear agent session event failed', { agentSessionId: event.agentSession.id, error }))
    options?.waitUntil?.(work)
  }
}
