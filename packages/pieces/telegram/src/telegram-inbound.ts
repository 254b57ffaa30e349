import type { TelegramAdapter, TelegramCallbackQuery, TelegramMessage, TelegramUpdate } from '@chat-adapter/telegram'
import {
  type ChatSdkContext, errorText, messageRef, onceUntilFailure, type PieceNotice, PlatformError, polledFeed,
  pressNoticeText, receivedMessages
} from 'frogbot/channels'
import type { TelegramApi } from './telegram-api.ts'

/** The updates the bot asks Telegram for (`setWebhook`, `getUpdates`): messages and button presses. */
export const ALLOWED_UPDATES = ['message', 'callback_query']

/** The longest text `answerCallbackQuery` shows (Bot API: 0–200 characters). */
export const PRESS_NOTICE_MAX = 200

/** What the log says when Telegram refuses the bot token (Bot API: `401 Unauthorized`), and what to do. */
export const REFUSED_TOKEN =
  'Telegram did not accept the bot token (getMe answered 401 Unauthorized): set TELEGRAM_BOT_TOKEN (or botToken) to the token @BotFather gave this bot (/mybots → API Token, or /token); until then every update is answered 503'

/**
 * How long one `getUpdates` long poll waits for updates (s), and how long its request may take (ms);
 * after a failed one the next is asked a second later (the kit's `polledFeed`).
 */
const POLL_SECONDS = 30
const POLL_TIMEOUT_MS = (POLL_SECONDS + 10) * 1000

/** A button press as the piece reads it: the thread and the card's message it was on, who pressed, its `callback_data`. */
export type Press = { thread: string; messageId: string; from: TelegramCallbackQuery['from']; data: string }

type Threaded = { message_thread_id?: number; is_topic_message?: boolean; reply_to_message?: Threaded }

/**
 * `message` with its `message_thread_id` kept only where it names a forum topic
 * (`is_topic_message`): Telegram also gives replies in ordinary groups a thread id (of the message
 * replied to), and a forum's General topic none, so that each group, and each forum topic, is one
 * conversation (docs/pieces/telegram.md, conversations).
 */
function topicOnly<T extends Threaded>(message: T): T {
  const { message_thread_id: topic, reply_to_message: replied, ...rest } = message
  return { ...rest, ...(message.is_topic_message === true && topic !== undefined ? { message_thread_id: topic } : {}), ...(replied ? { reply_to_message: topicOnly(replied) } : {}) } as T
}

/**
 * Whether `raw` mentions the bot `@username` (Bot API MessageEntity: a `mention` entity of exactly
 * it, or a `bot_command` addressed to it, `/start@username`), its case aside.
 */
export function mentionsBot(raw: TelegramMessage, username: string): boolean {
  const text = raw.text ?? raw.caption ?? ''
  const own = `@${username.toLowerCase()}`
  return (raw.entities ?? raw.caption_entities ?? []).some((entity) => {
    const written = text.slice(entity.offset, entity.offset + entity.length).toLowerCase()
    return entity.type === 'mention' ? written === own : entity.type === 'bot_command' && written.endsWith(own)
  })
}

/** What the reading uses: Chat SDK's, the Bot API client, the users it reads, the piece's press. */
type Uses = Pick<ChatSdkContext<TelegramAdapter>, 'adapter' | 'bot' | 'nameOf' | 'log' | 'track'> & {
  api: TelegramApi
  /** The bot's username where the settings name it (the adapter then knows it too), else `undefined`: `getMe`'s is used. */
  botUsername: string | undefined
  allowedUserIds: string[]
  press: (press: Press) => Promise<PieceNotice | null>
}

/**
 * How the piece reads an update (a verified webhook body, or one `getUpdates` returned) itself,
 * Chat SDK's adapter only parsing messages (`parseMessage`) and Chat SDK routing them (mention,
 * private chat, followed thread; `bot.processMessage`):
 * - edited messages and channel posts are dropped (an edited message is not a new message; the
 *   bot talks in chats, not channels), and so is an update from a user outside `allowedUserIds`;
 * - no update is read before Telegram said who the bot is (`getMe`): until then it is `503`, for
 *   Telegram to deliver it again;
 * - a message goes to Chat SDK (the kit's `receivedMessages`; `/commands` too, as ordinary
 *   messages; a failure is logged by Chat SDK), the private chat shown "typing"; the kit reads it
 *   as a typed answer first (the presser's reply to **Type your answer**);
 * - a button press goes to the piece (`press`), never to Chat SDK's actions, and is acknowledged
 *   with `answerCallbackQuery` carrying the notice for the presser (Telegram's private notice).
 * `poll` reads updates by long polling until `signal` aborts (the webhook deleted first), and
 * `register(url, secretToken)` registers the webhook instead (`setWebhook`), both asking for
 * {@link ALLOWED_UPDATES};
 * `checkToken` asks Telegram once, at start-up, who the bot is; `botName()` is the bot's username,
 * the settings' or else `getMe`'s: Chat SDK's adapter, never initialized (the piece reads updates
 * itself), knows only the one of the settings, so a mention of `getMe`'s is marked here.
 */
export function telegramInbound({ adapter, bot, api, botUsername, allowedUserIds, press, nameOf, log, track }: Uses) {
  let told: string | undefined
  /** Asks Telegram who the bot is (`getMe`, once at a time; nothing once it answered); rejects as the request does. */
  const identify = onceUntilFailure(async () => {
    told = (await api<{ username?: string }>('getMe')).username
  })
  const botName = () => botUsername ?? told ?? adapter.userName

  /**
   * Asks Telegram once, at start-up, who the bot is, so that a wrong token shows in the log before
   * the first update rather than as that update's `503`: a refused token logs {@link REFUSED_TOKEN},
   * naming `TELEGRAM_BOT_TOKEN`; Telegram out of reach (or answering anything else) logs that the
   * token could not be checked, and why. Nothing is logged when Telegram accepts it. Never rejects,
   * and nothing waits for it: the piece starts either way, and the first update asks again.
   */
  const checkToken = () =>
    identify().catch((error: unknown) => {
      if (error instanceof PlatformError && error.status === 401) log(REFUSED_TOKEN)
      else log(`could not check TELEGRAM_BOT_TOKEN with Telegram (getMe: ${errorText(error)}); it is asked again with the first update`)
    })

  const onPress = async (query: TelegramCallbackQuery) => {
    let text: string | null = null
    if (query.message && typeof query.data === 'string') {
      const chatId = String(query.message.chat.id)
      const thread = adapter.encodeThreadId({ chatId, messageThreadId: topicOnly(query.message as TelegramMessage & Threaded).message_thread_id })
      const messageId = messageRef(chatId, String(query.message.message_id))
      const pressed = { thread, messageId, from: query.from, data: query.data }
      const reading = { nameOf, log, what: `a button press in ${thread}`, maxChars: PRESS_NOTICE_MAX }
      text = await pressNoticeText(() => press(pressed), reading)
    }
    const told = text ? { text } : {}
    await api('answerCallbackQuery', { callback_query_id: query.id, ...told }).catch((error: unknown) => {
      log(`could not acknowledge a button press (answerCallbackQuery: ${errorText(error)})`)
    })
  }

  const handOn = receivedMessages({ bot, adapter, track })
  const onMessage = async (raw: TelegramMessage) => {
    const message = adapter.parseMessage(topicOnly(raw as TelegramMessage & Threaded))
    if (!message.isMention && !botUsername && told && mentionsBot(raw, told)) message.isMention = true
    if (raw.chat.type === 'private' && !raw.from?.is_bot) void adapter.startTyping(message.threadId).catch(() => undefined)
    handOn(message)
  }

  /** Reads `update`: `503` until the bot is known, else `200` with the update handed on (its work tracked). */
  const receive = async (update: TelegramUpdate): Promise<Response> => {
    try {
      await identify()
    } catch (error) {
      log(`could not ask Telegram who the bot is (getMe: ${errorText(error)}); asked again with the next update`)
      return Response.json({ error: 'Telegram did not say who the bot is yet; deliver the update again.', code: 'unavailable' }, { status: 503 })
    }
    const from = update.callback_query?.from.id ?? update.message?.from?.id
    if (allowedUserIds.length > 0 && (from === undefined || !allowedUserIds.includes(String(from)))) return Response.json({ ok: true })
    if (update.callback_query) void track(onPress(update.callback_query))
    else if (update.message) void track(onMessage(update.message))
    return Response.json({ ok: true })
  }

  /**
   * Reads updates by long polling (`getUpdates`, after `deleteWebhook`; the kit's `polledFeed`)
   * until `signal` aborts; a failed poll is logged and asked again, and so is an update answered
   * `503` (from its offset).
   */
  const poll = async ({ signal }: { signal: AbortSignal }) => {
    await api('deleteWebhook', { drop_pending_updates: false })
    const asked = { timeout: POLL_SECONDS, allowed_updates: ALLOWED_UPDATES }
    await polledFeed({
      signal,
      from: 0,
      read: (offset) =>
        api<TelegramUpdate[]>('getUpdates', { offset, ...asked }, { timeoutMs: POLL_TIMEOUT_MS, signal }),
      // 503: the bot is not known yet; the same offset gives this update again after a pause.
      take: async (update) => (await receive(update)).status !== 503,
      after: (update) => update.update_id + 1,
      failed: (error) => log(`could not read updates (getUpdates: ${errorText(error)}); asking again`)
    })
  }

  /** Registers the webhook at `url` with Telegram (`setWebhook`, with its secret token); logs how it went. */
  const register = (url: string, secretToken: string | undefined) =>
    api('setWebhook', { url, secret_token: secretToken, allowed_updates: ALLOWED_UPDATES })
      .then(() => log(`registered the webhook ${url} with Telegram (setWebhook)`))
      .catch((error: unknown) => {
        const failed = `could not register the webhook ${url} with Telegram (setWebhook: ${errorText(error)})`
        log(`${failed}; updates do not arrive until it is registered`)
      })

  return { checkToken, receive, poll, register, botName }
}
