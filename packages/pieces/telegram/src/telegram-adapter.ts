import { TelegramAdapter, type TelegramCallbackQuery, type TelegramMessage, type TelegramUpdate } from '@chat-adapter/telegram'
import type { ChatInstance, Message, WebhookOptions } from 'chat'
import { clipText, drawnText, errorText } from 'frogbot/channels'

/** How long one Bot API request may take, at most (ms); a card drawing then ends well before its claim lapses (`CARD_CLAIM_TTL_MS`). */
export const REQUEST_TIMEOUT_MS = 10_000

/** The longest text `answerCallbackQuery` shows (Bot API: 0–200 characters). */
export const PRESS_NOTICE_MAX = 200

/** A button press as the piece reads it: the thread and the card's message it was on, who pressed, its `callback_data`. */
export type Press = { thread: string; messageId: string; from: TelegramCallbackQuery['from']; data: string }

/** What the piece does with presses and with messages before Chat SDK routes them (see {@link FrogbotTelegramAdapter}). */
export type TelegramHooks = {
  /** A press on one of the bot's messages: the short text to acknowledge it with (Telegram's private notice), or `null`. */
  press: (press: Press) => Promise<string | null>
  /** A message in `thread`: `true` when the piece took it as a typed answer (Chat SDK never sees it). */
  typed: (thread: string, message: Message) => Promise<boolean>
  log: (line: string) => void
}

type Threaded = { message_thread_id?: number; is_topic_message?: boolean; reply_to_message?: Threaded }

/**
 * `message` with its `message_thread_id` kept only where it names a forum topic
 * (`is_topic_message`): Telegram also gives replies in ordinary groups a thread id (of the message
 * replied to), and a forum's General topic none, so that each group, and each forum topic, is one
 * conversation (docs/pieces/telegram.md, conversations).
 */
function topicOnly<T extends Threaded | undefined>(message: T): T {
  if (!message) return message
  const { message_thread_id: topic, reply_to_message: replied, ...rest } = message
  return { ...rest, ...(message.is_topic_message === true && topic !== undefined ? { message_thread_id: topic } : {}), ...(replied ? { reply_to_message: topicOnly(replied) } : {}) } as T
}

const clip = (text: string, max: number) => clipText(drawnText(text), max)

/**
 * Chat SDK's Telegram adapter as FrogBot runs it:
 * - `initialize` learns the bot's identity (`getMe`) and never starts long polling by itself (the
 *   piece's `listen` does, in the one process that runs channel connections);
 * - edited messages and channel posts are dropped (an edited message is not a new message; the bot
 *   talks in chats, not channels); a `message_thread_id` is kept only for forum topics (see
 *   {@link topicOnly}); `/commands` are ordinary messages;
 * - a message is first offered to the piece as a typed answer (`hooks.typed`);
 * - a button press goes to the piece (`hooks.press`), never to Chat SDK's actions, and is
 *   acknowledged with `answerCallbackQuery` carrying the piece's text (the stock adapter
 *   acknowledges every press without one);
 * - every Bot API request is bounded to {@link REQUEST_TIMEOUT_MS}; {@link api} calls any method.
 */
export class FrogbotTelegramAdapter extends TelegramAdapter {
  hooks: TelegramHooks | null = null

  override async initialize(chat: ChatInstance): Promise<void> {
    this.chat = chat
    try {
      await this.ensureBotIdentity()
    } catch (error) {
      this.hooks?.log(`could not ask Telegram who the bot is (getMe: ${errorText(error)}); asked again with the next update`)
    }
  }

  /** Asks Telegram who the bot is (`getMe`, once at a time; nothing once it answered): rejects as the request does (Chat SDK's `AuthenticationError` when Telegram refuses the token). */
  identify(): Promise<void> {
    return this.ensureBotIdentity()
  }

  /** Calls the Bot API method `method` with `payload` (`{apiUrl}/bot{token}/{method}`): its `result`; throws Chat SDK's adapter errors (a 400's description, 429 with its wait). */
  api<T>(method: string, payload: Record<string, unknown> = {}): Promise<T> {
    return this.telegramFetch<T>(method, payload, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  }

  /** The bot's numeric id, once `getMe` answered. */
  get botId(): string | undefined {
    return this._botUserId
  }

  override telegramFetch<T>(method: string, payload?: Record<string, unknown> | FormData, request?: { signal?: AbortSignal }): Promise<T> {
    return super.telegramFetch<T>(method, payload, { signal: request?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  }

  protected override processUpdate(update: TelegramUpdate, options?: WebhookOptions): Promise<void>[] | void {
    const read = update as TelegramUpdate & Record<string, unknown>
    if (read.edited_message || read.channel_post || read.edited_channel_post) return []
    const callback = read.callback_query as TelegramCallbackQuery | undefined
    const normalized = {
      ...read,
      ...(read.message ? { message: topicOnly(read.message as TelegramMessage & Threaded) } : {}),
      ...(callback?.message ? { callback_query: { ...callback, message: topicOnly(callback.message as TelegramMessage & Threaded) } } : {})
    }
    return super.processUpdate(normalized as TelegramUpdate, options)
  }

  protected override handleSlashCommandUpdate(): boolean {
    return false
  }

  protected override handleIncomingMessageUpdate(message: TelegramMessage, options?: WebhookOptions): Promise<void> | undefined {
    const hooks = this.hooks
    if (!hooks || !this.chat || message.media_group_id) return super.handleIncomingMessageUpdate(message, options)
    const thread = this.encodeThreadId({ chatId: String(message.chat.id), messageThreadId: message.message_thread_id })
    const parsed = this.parseTelegramMessage(message, thread)
    const task = (async () => {
      if (parsed.author.isBot !== true && !parsed.author.isMe && (await hooks.typed(thread, parsed))) return
      await super.handleIncomingMessageUpdate(message, options)
    })()
    options?.waitUntil?.(task.catch((error: unknown) => hooks.log(`could not read a message in ${thread}: ${errorText(error)}`)))
    return task
  }

  protected override handleCallbackQuery(press: TelegramCallbackQuery, options?: WebhookOptions): Promise<void> {
    const hooks = this.hooks
    const task = (async () => {
      let text: string | null = null
      if (hooks && press.message && typeof press.data === 'string') {
        const chatId = String(press.message.chat.id)
        const thread = this.encodeThreadId({ chatId, messageThreadId: press.message.message_thread_id })
        try {
          text = await hooks.press({ thread, messageId: this.encodeMessageId(chatId, press.message.message_id), from: press.from, data: press.data })
        } catch (error) {
          hooks.log(`could not handle a button press in ${thread}: ${errorText(error)}`)
          text = 'Something went wrong; try again in a moment.'
        }
      }
      try {
        await this.api('answerCallbackQuery', { callback_query_id: press.id, ...(text ? { text: clip(text, PRESS_NOTICE_MAX) } : {}) })
      } catch (error) {
        hooks?.log(`could not acknowledge a button press (answerCallbackQuery: ${errorText(error)})`)
      }
    })()
    options?.waitUntil?.(task)
    return task
  }
}
