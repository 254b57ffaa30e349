import { TeamsAdapter } from '@chat-adapter/teams'
import type { Message } from 'chat'
import {
  clientCredentialsToken, createChatSdkPiece, type KitPiece, withEnvDefaults, withoutOwnMentions
} from 'frogbot/channels'
import { teamsApprovals } from './approval-card.ts'
import { type Activity, botConnector, tenantOf } from './bot-connector.ts'
import { type TeamsDirect, teamsDirect } from './teams-direct.ts'
import { teamsDrawing } from './teams-drawing.ts'
import { type TeamsPeople, teamsPeople } from './teams-people.ts'
import { type MicrosoftTeamsOptions, teamsSettings } from './teams-settings.ts'
import { invokeAnswer, teamsSubmits } from './teams-submits.ts'
import { teamsVerifier } from './teams-webhook.ts'

export type { MicrosoftTeamsOptions } from './teams-settings.ts'

/** A Microsoft Teams piece (see {@link createMicrosoftTeams}); `idle()` resolves once no webhook handler or reply of it is in flight. */
export type MicrosoftTeamsPiece = KitPiece

/** How long Teams waits for the bot to answer an activity (Bot Framework: 15 s). */
const ACK_DEADLINE_MS = 15_000

/**
 * The mentions of a message (its activity's `mention` entities): the account mentioned and the
 * name as written, `<at>Name</at>` (which Chat SDK's text has as `@Name`), else the account's name.
 */
const mentionsOf = (message: Message) =>
  ((message.raw as Activity).entities ?? []).flatMap(({ type, text, mentioned: who }) =>
    type === 'mention' ? [{ id: who?.id, name: text?.replace(/<\/?at>/gi, '') || who?.name }] : [])

/**
 * The Microsoft Teams piece (`@frogbotai/piece-microsoft-teams`) on Chat SDK's Teams adapter and
 * FrogBot's piece kit. List it on an agent, `channels: [createMicrosoftTeams()]`; FrogBot serves
 * the bot's messaging endpoint at `/api/webhooks/<instance>`. A mention in a channel or group chat,
 * or any message in a personal chat, starts a channel chat of its conversation (a channel post's
 * thread); the reply is posted there; later messages of the conversation continue the chat
 * (queued behind a running turn or a waiting question). Every activity's Bot Framework JWT is
 * verified by the piece itself against the keys of the OpenID metadata (`openIdMetadataUrl`), and
 * a delivery seen before is refused; the bot's own token comes from `tokenUrl` by client
 * credentials. A `question` call is drawn as one Adaptive Card any participant who passes the
 * agent's `access` can answer (their roster email matched to a FrogBot user); the first valid
 * answer wins, and the card is updated to the answers and who gave them; a refused or late click
 * is told privately. The `question` and `approval` kinds are offered in its chats (an approval as
 * an Adaptive Card with Approve, Deny… and Edit…, `teamsApprovals`). With `notify.pieces`, a
 * person the bot has met in Teams gets a call's card in a 1:1 conversation (`teamsDirect`).
 * Throws `ConfigError` when the app id or password is missing, a URL is not http(s), or the
 * instance name is not URL-safe; `buildConfig` refuses an instance name listed twice.
 */
export function createMicrosoftTeams(options: MicrosoftTeamsOptions = {}): MicrosoftTeamsPiece {
  const { instance, appId, appPassword, appTenantId, apiUrl, openIdMetadataUrl, tokenUrl } = teamsSettings(options)
  const now = options.now ?? Date.now
  const label = options.label ?? 'Microsoft Teams'
  const userName = options.userName ?? 'frogbot'
  // The bot's own token for Bot Connector calls (Bot Connector authentication, "bot to connector").
  const check = 'TEAMS_APP_ID, TEAMS_APP_PASSWORD and TEAMS_APP_TENANT_ID'
  const token = clientCredentialsToken({ tokenUrl, clientId: appId, clientSecret: appPassword, check, now })
  const connector = botConnector({ apiUrl, appId, token })
  let people: TeamsPeople | undefined
  let direct: TeamsDirect | undefined
  let invoked: ((body: string) => Promise<Response | null>) | undefined
  return createChatSdkPiece({
    piece: 'teams',
    instance,
    label,
    identity: {
      by: 'email',
      hint: "Teams gives the bot a participant's email (their UPN) from the conversation's roster once the app is installed where they write; a guest without one cannot be matched to a FrogBot user",
      credentials: 'TEAMS_APP_ID, TEAMS_APP_PASSWORD and TEAMS_APP_TENANT_ID (or appId, appPassword, appTenantId)',
      lookupProblem: (participant) => people?.lookupProblem(participant.userId) ?? null
    },
    now,
    userName,
    // The adapter buffers a reply into one message when there is no placeholder to edit.
    chat: { fallbackStreamingPlaceholderText: null },
    ackDeadlineMs: ACK_DEADLINE_MS,
    supportsKind: (kind) => kind === 'question' || kind === 'approval',
    openDirect: async (person) => direct?.open(person),
    // An invoke answered late still gets a real body (an empty one reads "Unable to reach app" and
    // is retried); Teams ignores the body of any other activity.
    lateAck: () => invokeAnswer('Received.'),
    describe: ({ agentSlug, webhookPath }) => [`channel ${instance}: ${label} for agent ${agentSlug}, webhook ${webhookPath} (the Azure Bot's messaging endpoint)`],
    // Chat SDK's Teams adapter, as it comes, whose Teams SDK writes only its errors to the console
    // (an activity a handler failed on, a call that failed): the SDK logs with a console logger of
    // its own, which the adapter gives no way to replace, and it would warn at every start of its
    // deprecated `skipAuth`, set because requests reach the adapter only once the piece verified
    // them. Someone who set `LOG` or `LOG_LEVEL` (the Teams SDK's switches) keeps their own choice.
    adapter: ({ logger, webhookVerifier }) => {
      const made = () => new TeamsAdapter({
        appId,
        appTenantId,
        apiUrl,
        userName,
        logger,
        token: (scope) => token(Array.isArray(scope) ? scope.join(' ') : scope),
        // Every request reaches the adapter only once the piece's verifier admitted it (the
        // Bot Framework JWT and the replay guard, below): the adapter's own check would ask
        // Microsoft's fixed keys instead of `openIdMetadataUrl`'s.
        webhookVerifier
      })
      return withEnvDefaults({ LOG_LEVEL: 'error' }, made, ['LOG'])
    },
    verify: teamsVerifier({ appId, openIdMetadataUrl, now }),
    // Invokes on FrogBot's cards are answered by the piece, with the text their clicker is shown.
    answerDirectly: (body) => invoked?.(body) ?? null,
    setup: ({ bot: chat, adapter, runtime, state, log, nameOf }) => {
      const roster = (people = teamsPeople({ connector, state, log }))
      direct = teamsDirect({ connector, state })
      invoked = teamsSubmits({ bot: chat, adapter, runtime, people: roster, nameOf })
      return {
        drawing: { ...teamsDrawing({ connector, nameOf, log }), approvals: teamsApprovals({ connector, nameOf }) },
        mention: (participant) => participant.name ?? participant.userId,
        participantOf: async (author, message) => {
          const participant = await roster(message.threadId, { userId: author.userId, name: author.fullName, email: author.email })
          await direct!.remember(participant, message.raw as Activity)
          return participant
        },
        // The bot's mentions (its account id is `28:<appId>` or the bare app id) are not what was said.
        textOf: (message) => withoutOwnMentions(message.text, mentionsOf(message), [appId, `28:${appId}`]),
        accountOf: (message) => tenantOf(message.raw as Activity) ?? null
      }
    }
  })
}
