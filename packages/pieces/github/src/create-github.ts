import { createChatSdkPiece, errorText, type KitPiece, type PieceContext } from 'frogbot/channels'
import { type BotAccount, FrogbotGithubAdapter } from './github-adapter.ts'
import { githubReply } from './github-commands.ts'
import { githubApprovalDrawing } from './approval-comment.ts'
import { githubDrawing } from './github-drawing.ts'
import { commentText, githubMention, githubParticipant } from './github-participants.ts'
import { adapterConfig, type GithubOptions, type GithubSettings, githubSettings } from './github-settings.ts'
import { githubVerifier } from './github-webhook.ts'

/** A GitHub piece (see {@link createGithub}); `idle()` resolves once no webhook handler or reply of it is in flight. */
export type GithubPiece = KitPiece

/** GitHub gives up on a delivery after 10 s ("Best practices for using webhooks", docs.github.com). */
const ACK_DEADLINE_MS = 10_000

const statusOf = (error: unknown) => (error as { status?: unknown })?.status

/**
 * The bot's account, asked of GitHub once in the background and again on rescans until it is
 * known; a refusal or an outage is logged once until it is known, a login other than the one
 * people are told to mention once.
 */
function botLookup(adapter: FrogbotGithubAdapter, settings: GithubSettings, log: PieceContext['log']) {
  let known: BotAccount | null = null
  let asking: Promise<void> | null = null
  let told = false
  const credentials = 'token' in settings.auth ? "the token (GITHUB_TOKEN): a token of the bot's account" : "the GitHub App's credentials (GITHUB_APP_ID, GITHUB_PRIVATE_KEY, GITHUB_INSTALLATION_ID)"
  const ask = async () => {
    try {
      known = await adapter.lookUpBot()
      const login = known.login.replace(/\[bot\]$/, '')
      if (login.toLowerCase() !== settings.botUsername.toLowerCase()) log(`GITHUB_BOT_USERNAME is "${settings.botUsername}", but GitHub says the bot is @${known.login}: comments that mention @${login} are not read; set GITHUB_BOT_USERNAME=${login}`)
    } catch (error) {
      if (told) return
      told = true
      const status = statusOf(error)
      log(status === 401 || status === 403 ? `GitHub did not accept ${credentials} (${status}: ${errorText(error)}); replies and questions cannot be posted until it does` : `could not reach GitHub's REST API to learn the bot's account (${errorText(error)}); asked again within a minute`)
    } finally {
      asking = null
    }
  }
  return () => (known ? Promise.resolve() : (asking ??= ask()))
}

/**
 * The GitHub piece (`@frogbotai/piece-github`) on Chat SDK's GitHub adapter and FrogBot's piece
 * kit. List it on an agent, `channels: [createGithub()]`; FrogBot serves its webhook at
 * `/api/webhooks/<instance>` (events: issue comments, pull request review comments). A new
 * comment that mentions the bot starts a channel chat of its issue or pull request (or review
 * thread); the reply is a comment; later comments in the thread continue the chat (queued behind
 * a running turn or a waiting question). `question` calls are drawn as one comment per question,
 * answered with `/answer` and `/dismiss` commands (see `githubReply`) by any commenter who passes
 * the agent's `access` (`req.channel.userId`: their numeric GitHub user id); the first valid
 * answer wins, and each question's comment is edited to the answer and who gave it. Everything
 * of the model's is escaped or neutralised: no question pings anyone or links an issue. Edited
 * and deleted comments are never answers. Deliveries are verified (the webhook's HMAC, the
 * comment's time within 3 days, never the same delivery twice). Only the `question` kind is
 * offered in its chats. Throws `ConfigError` naming each missing or wrong setting (see
 * {@link GithubOptions}); `buildConfig` refuses an instance name listed twice.
 */
export function createGithub(options: GithubOptions = {}): GithubPiece {
  const settings = githubSettings(options)
  let adapter!: FrogbotGithubAdapter
  return createChatSdkPiece({
    piece: 'github',
    instance: settings.instance,
    label: settings.label,
    identity: {
      by: 'platform-id',
      hint: "GitHub commenters have no FrogBot user: write the agent's access on req.channel.userId (their numeric GitHub user id, docs/pieces/github.md)"
    },
    describe: ({ agentSlug, webhookPath }) => [`channel ${settings.instance}: ${settings.label} for agent ${agentSlug} as @${settings.botUsername}, webhook ${webhookPath}`],
    now: options.now,
    readReply: githubReply,
    supportsKind: (kind) => kind === 'question' || kind === 'approval',
    userName: settings.botUsername,
    ackDeadlineMs: ACK_DEADLINE_MS,
    adapter: ({ logger, webhookVerifier }) => (adapter = new FrogbotGithubAdapter({ ...adapterConfig(settings, { botUserId: options.botUserId, webhookVerifier }), logger })),
    verify: githubVerifier(settings.webhookSecret),
    setup: ({ track, log, nameOf, state }) => {
      const bot = botLookup(adapter, settings, log)
      if (options.botUserId === undefined) void track(bot())
      return {
        drawing: { ...githubDrawing({ adapter, nameOf, mention: githubMention, state }), approvals: githubApprovalDrawing({ adapter, nameOf }) },
        mention: githubMention,
        participantOf: (_author, message) => githubParticipant(message),
        textOf: commentText(adapter),
        onRescan: () => {
          if (options.botUserId === undefined) void track(bot())
        }
      }
    }
  })
}
