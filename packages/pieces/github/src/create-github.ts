import { GitHubAdapter } from '@chat-adapter/github'
import { createChatSdkPiece, type KitPiece, receivedMessages } from 'frogbot/channels'
import { boundedOctokit, githubBot } from './github-bot.ts'
import { rawComment } from './github-delivery.ts'
import { githubReply } from './github-commands.ts'
import { githubApprovalDrawing } from './approval-comment.ts'
import { githubDrawing } from './github-drawing.ts'
import { commentText, githubMention, githubParticipant } from './github-participants.ts'
import { adapterConfig, type GithubOptions, githubSettings } from './github-settings.ts'
import { githubVerifier } from './github-webhook.ts'

/** A GitHub piece (see {@link createGithub}); `idle()` resolves once no webhook handler or reply of it is in flight. */
export type GithubPiece = KitPiece

/** GitHub gives up on a delivery after 10 s ("Best practices for using webhooks", docs.github.com). */
const ACK_DEADLINE_MS = 10_000

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
  return createChatSdkPiece({
    piece: 'github',
    instance: settings.instance,
    label: settings.label,
    identity: { by: 'platform-id', hint: "GitHub commenters have no FrogBot user: write the agent's access on req.channel.userId (their numeric GitHub user id, docs/pieces/github.md)" },
    describe: ({ agentSlug, webhookPath }) => [`channel ${settings.instance}: ${settings.label} for agent ${agentSlug} as @${settings.botUsername}, webhook ${webhookPath}`],
    now: options.now,
    readReply: githubReply,
    supportsKind: (kind) => kind === 'question' || kind === 'approval',
    userName: settings.botUsername,
    ackDeadlineMs: ACK_DEADLINE_MS,
    adapter: ({ logger, webhookVerifier }) => {
      const adapter = new GitHubAdapter({ ...adapterConfig(settings, { botUserId: options.botUserId, webhookVerifier }), logger })
      boundedOctokit(adapter, logger)
      return adapter
    },
    verify: githubVerifier(settings.webhookSecret),
    // The piece reads each verified comment itself: the stock adapter's webhook handling needs it
    // initialized, and its `initialize` first asks GitHub who the bot is, unbounded.
    receive: async (body, request, { bot: chat, adapter, track }) => {
      const message = adapter.parseMessage(rawComment(request.headers.get('x-github-event'), body))
      receivedMessages({ bot: chat, adapter, track })(message)
      return new Response('ok')
    },
    setup: ({ adapter, track, log, nameOf, state }) => {
      const bot = githubBot(adapter, settings, { botUserId: options.botUserId, log })
      void track(bot.ask())
      return {
        drawing: { ...githubDrawing({ adapter, nameOf, mention: githubMention, state }), approvals: githubApprovalDrawing({ adapter, nameOf }) },
        mention: githubMention,
        participantOf: (_author, message) => githubParticipant(message),
        textOf: commentText(bot.isBot, settings.botUsername),
        onRescan: () => void track(bot.ask())
      }
    }
  })
}
