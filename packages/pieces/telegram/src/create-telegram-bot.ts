import { randomBytes } from 'node:crypto'
import { TelegramAdapter, type TelegramUpdate } from '@chat-adapter/telegram'
import { addressedReply, createChatSdkPiece, directEntryOpener, type KitPiece } from 'frogbot/channels'
import { telegramApi } from './telegram-api.ts'
import { telegramInbound } from './telegram-inbound.ts'
import { telegramAnswers } from './telegram-answers.ts'
import { telegramDrawing, telegramName } from './telegram-drawing.ts'
import { messageParticipant, messageText } from './telegram-participants.ts'
import { type TelegramBotOptions, type TelegramSettings, telegramSettings } from './telegram-settings.ts'
import { telegramVerifier } from './telegram-webhook.ts'

/**
 * How much of a reply one Telegram message carries, at most (characters of the model's Markdown):
 * Chat SDK renders it as MarkdownV2, whose escapes can double its length, and a message holds
 * 4,096 characters (Bot API `sendMessage`); longer replies go on in the next message.
 */
const REPLY_PART_MAX = 2000

/** A Telegram piece (see {@link createTelegramBot}); `idle()` resolves once no webhook handler or reply of it is in flight. */
export type TelegramBotPiece = KitPiece

/** How long the piece takes to answer an update at most (ms): Telegram waits longer, but answering quickly keeps its queue moving. */
const ACK_DEADLINE_MS = 10_000

/** The start-up line of the piece: its webhook, or long polling. */
function startupLine(settings: TelegramSettings, agentSlug: string, webhookPath: string): string {
  const who = settings.botUsername ? ` as @${settings.botUsername}` : ''
  if (settings.mode === 'polling') return `channel ${settings.instance}: ${settings.label} for agent ${agentSlug}${who}, by long polling (getUpdates; the webhook is deleted)`
  const registered = settings.webhookUrl ? ` (registered with setWebhook as ${settings.webhookUrl})` : ' (register it with setWebhook, secret_token TELEGRAM_WEBHOOK_SECRET_TOKEN)'
  return `channel ${settings.instance}: ${settings.label} for agent ${agentSlug}${who}, webhook ${webhookPath}${registered}`
}

/**
 * The Telegram piece (`@frogbotai/piece-telegram-bot`) on Chat SDK's Telegram adapter and
 * FrogBot's piece kit. List it on an agent, `channels: [createTelegramBot()]`; FrogBot serves its
 * webhook at `/api/webhooks/<instance>` (or, with `mode: 'polling'`, the piece asks Telegram for
 * updates itself). A private message to the bot, or a mention of it in a group, starts a
 * conversation: each private chat and each group is one, each forum topic its own. The reply is
 * posted there as it streams (edited no faster than Telegram allows; a long reply goes on in
 * more messages). `question` calls are drawn as one message per call with an inline keyboard (see
 * `questionMessage`): a button per option, ☐/☑ toggles and **Done** where a question takes
 * several, one question at a time ("2 of 3"), pages of options, **Type your answer** (a
 * `force_reply` prompt; the presser's reply is the answer, the kit's capture), **Dismiss**; a
 * reply to the card is read with the numbered-answer grammar. Anyone the agent's `access` accepts may answer
 * (`req.channel.userId`: their numeric Telegram user id; `allowedUserIds` filters updates before
 * that); the first valid answer wins, and the card is edited to the answer and who gave it.
 * Presses are acknowledged with Telegram's private notice. At start-up the bot token is checked
 * once with `getMe` (a refused one is logged, naming `TELEGRAM_BOT_TOKEN`; the piece starts
 * whatever Telegram answers, or when it cannot be reached). Updates are verified (the secret token
 * in constant time, the message's time within 5 minutes, never the same update twice); edited
 * messages are ignored. Throws `ConfigError` naming each missing or wrong setting (see
 * {@link TelegramBotOptions}).
 */
export function createTelegramBot(options: TelegramBotOptions = {}): TelegramBotPiece {
  const settings = telegramSettings(options)
  const botId = settings.botToken.slice(0, settings.botToken.indexOf(':'))
  const api = telegramApi(settings)
  let adapter!: TelegramAdapter
  let inbound!: ReturnType<typeof telegramInbound>
  const verify = settings.secretToken ? telegramVerifier({ secretToken: settings.secretToken, botId }) : null
  return createChatSdkPiece({
    piece: 'telegram',
    instance: settings.instance,
    label: settings.label,
    identity: {
      by: 'platform-id',
      hint: 'Telegram users have no FrogBot user: write the agent\'s access on req.channel.userId (their numeric Telegram user id, docs/pieces/telegram.md)'
    },
    describe: ({ agentSlug, webhookPath }) => [startupLine(settings, agentSlug, webhookPath)],
    now: options.now,
    // A reply to the card's own message is read with the numbered-answer grammar (an option's number
    // or label, several separated by commas, own words where allowed, a line per question); every
    // other message is for the agent.
    readReply: addressedReply,
    supportsKind: (kind) => kind === 'question' || kind === 'approval',
    // The private chat with a person for `notify.pieces` (docs/pieces/telegram.md "Direct messages"):
    // Telegram shares no emails, so an assignee is named by instance and numeric Telegram user id,
    // `<instance>:<user id>` (`telegram:1002`, the kit's `directEntryOpener`); a private chat's id is
    // the user's id; any other entry is not this piece's. Telegram refuses a bot's message to someone
    // who never started it (`403`): that is a failure, logged, and the next piece is tried.
    openDirect: directEntryOpener(settings.instance, (chatId) => adapter.encodeThreadId({ chatId })),
    userName: settings.botUsername ?? 'frogbot',
    ackDeadlineMs: ACK_DEADLINE_MS,
    chat: { fallbackStreamingPlaceholderText: null },
    adapter: ({ logger }) =>
      (adapter = new TelegramAdapter({
        botToken: settings.botToken,
        apiUrl: settings.apiUrl,
        // The piece reads every update itself (telegramInbound): the adapter never polls, and its own
        // webhook is never routed; were it reached, it would want a secret nobody else knows.
        mode: 'webhook',
        secretToken: settings.secretToken ?? randomBytes(32).toString('base64url'),
        logger,
        ...(settings.botUsername ? { userName: settings.botUsername } : {}),
        // Everything explicit: the stock adapter would read TELEGRAM_ALLOWED_USER_IDS and others of the process.
        allowedUserIds: [],
        allowUnverifiedWebhooks: false,
        mentionOnReply: false
      })),
    verify: async (request, context) =>
      verify ? verify(request, context) : Response.json({ error: `The Telegram piece "${settings.instance}" reads its updates by long polling; it takes no webhook requests.`, code: 'not-found' }, { status: 404 }),
    receive: (body) => inbound.receive(JSON.parse(body) as TelegramUpdate),
    setup: (context) => {
      const drawing = telegramDrawing({ ...context, api })
      const { press } = telegramAnswers({ runtime: context.runtime, drawing })
      inbound = telegramInbound({ ...context, api, botUsername: settings.botUsername, allowedUserIds: settings.allowedUserIds, press })
      void context.track(inbound.checkToken())
      if (settings.webhookUrl) void context.track(inbound.register(settings.webhookUrl, settings.secretToken))
      return {
        drawing,
        replyMaxChars: REPLY_PART_MAX,
        mention: telegramName,
        participantOf: messageParticipant,
        textOf: messageText(() => inbound.botName())
      }
    },
    listen: settings.mode === 'polling'
      ? (_context, { signal }) => inbound.poll({ signal })
      : undefined
  })
}
