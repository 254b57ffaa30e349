import { type StandInAnswer, type StandInRequest, standInServer } from 'frogbot/testing'

/** A Telegram user the stand-in knows (Bot API `User`). */
export type TelegramAccount = { id: number; is_bot: boolean; first_name: string; last_name?: string; username?: string }

/** A chat the stand-in knows (Bot API `Chat`): a private chat has its user's id, groups a negative id. */
export type TelegramChatInfo = { id: number; type: 'private' | 'group' | 'supergroup'; title?: string; first_name?: string; is_forum?: boolean }

/** A message the bot sent, as the stand-in keeps it: its text as Telegram shows it (MarkdownV2 parsed), its edits and keyboard. */
export type BotMessage = {
  chatId: number
  messageId: number
  topic?: number
  /** The text as first shown. */
  posted: string
  /** The text now. */
  text: string
  /** Each edit's text, oldest first (a keyboard-only edit repeats the text). */
  edits: string[]
  keyboard: { text: string; callback_data: string }[][] | null
  /** Every keyboard the message showed, oldest first (a participant's client may still show an older one). */
  keyboards: { text: string; callback_data: string }[][][]
  replyMarkup: any
  entities: any[]
  replyTo?: number
}

/** One request the piece made: the Bot API method, its JSON payload, and the status it got. */
export type StandInCall = { method: string; payload: any; status: number }

/** A press the test made, as the stand-in keeps it to know who `answerCallbackQuery` answers. */
type Press = { id: string; from: TelegramAccount }

/** Telegram's limits the stand-in keeps (Bot API): a message's text, and a button's `callback_data` in bytes. */
export const TEXT_MAX = 4096
export const CALLBACK_DATA_MAX = 64

/** The longest rich message (Markdown) the Bot API takes, in characters (`sendRichMessage`). */
export const RICH_MAX = 32_768

/** A rich message's Markdown as Telegram shows it: emphasis and code marks, link targets and escapes taken out. */
export const markdownText = (markdown: string) =>
  markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')

const RESERVED = new Set('_*[]()~`>#+-=|{}.!'.split(''))

/**
 * A MarkdownV2 text as Telegram shows it, or the error Telegram gives for it (Bot API
 * "MarkdownV2 style"): `\` escapes the next character; `*` `_` `__` `~` `||` and backticks are
 * formatting; `[text](url)` a link; any other reserved character unescaped is refused.
 */
export function markdownV2Text(source: string): { text: string } | { error: string } {
  let text = ''
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]
    if (char === '\\') {
      text += source[index + 1] ?? ''
      index += 1
      continue
    }
    if (char === '`') {
      const fence = source.startsWith('```', index)
      const close = source.indexOf(fence ? '```' : '`', index + (fence ? 3 : 1))
      if (close === -1) return { error: "Bad Request: can't parse entities: Can't find end of code entity" }
      let code = source.slice(index + (fence ? 3 : 1), close)
      if (fence) code = code.replace(/^[^\n]*\n/, '')
      text += code.replace(/\\([`\\])/g, '$1')
      index = close + (fence ? 2 : 0)
      continue
    }
    if (char === '*' || char === '_' || char === '~') continue
    if (char === '|' && source[index + 1] === '|') {
      index += 1
      continue
    }
    if (char === '[') {
      const end = source.indexOf('](', index)
      const close = end === -1 ? -1 : source.indexOf(')', end)
      if (close === -1) return { error: "Bad Request: can't parse entities: Character '[' is reserved and must be escaped with the preceding '\\'" }
      const inner = markdownV2Text(source.slice(index + 1, end))
      if ('error' in inner) return inner
      text += inner.text
      index = close
      continue
    }
    if (RESERVED.has(char)) return { error: `Bad Request: can't parse entities: Character '${char}' is reserved and must be escaped with the preceding '\\'` }
    text += char
  }
  return { text }
}

const ok = (result: unknown): StandInAnswer => ({ status: 200, json: { ok: true, result } })
const fail = (status: number, description: string): StandInAnswer => ({ status, json: { ok: false, error_code: status, description } })

/** A Bot API request: `POST /bot<token>/<method>`. */
const BOT_API = /^\/bot([^/]+)\/([A-Za-z]+)$/

/**
 * A stand-in of the Telegram Bot API on 127.0.0.1 (core.telegram.org/bots/api), for the piece's
 * `apiUrl`: `POST /bot<token>/<method>` with a JSON payload, answered `{ ok, result }` or
 * `{ ok: false, error_code, description }` as Telegram does: `getMe`, `sendMessage` (plain or
 * MarkdownV2 text of 1–4,096 characters, inline keyboards with 1–64 bytes of `callback_data`,
 * `force_reply`), `editMessageText` (400 "message is not modified" when nothing changes),
 * `editMessageReplyMarkup`, `answerCallbackQuery` (text ≤ 200), `sendChatAction`, `setWebhook`,
 * `deleteWebhook`, `getWebhookInfo`, `getUpdates` (long polling of updates the test queued); a
 * wrong token is `401 Unauthorized`, an unknown method `404 Not Found`. Every request is recorded;
 * `failNext(when, status)` makes the next matching one fail. The server, its record and its
 * failures are `frogbot/testing`'s `standInServer`.
 */
export async function telegramStandIn({ bot, token, chats = [] }: { bot: TelegramAccount; token: string; chats?: TelegramChatInfo[] }) {
  const messages = new Map<string, BotMessage>()
  const presses = new Map<string, Press>()
  const notices: { to: number; text: string; callbackQueryId: string }[] = []
  const chatsById = new Map(chats.map((chat) => [chat.id, chat]))
  const queued: unknown[] = []
  const waiting = new Set<() => void>()
  let webhook: { url: string; secret_token?: string; allowed_updates?: string[] } | null = null
  let nextMessageId = 5000
  const keyOf = (chatId: number | string, messageId: number) => `${chatId}:${messageId}`

  const chatOf = (id: unknown): TelegramChatInfo => chatsById.get(Number(id)) ?? (Number(id) > 0 ? { id: Number(id), type: 'private' } : { id: Number(id), type: 'supergroup', title: 'A group' })

  const textOf = (payload: any): { text: string } | { error: string } => {
    if (payload.rich_message !== undefined) {
      const markdown = payload.rich_message?.markdown
      if (typeof markdown !== 'string' || markdown.trim() === '') return { error: 'Bad Request: rich message is empty' }
      if (markdown.length > RICH_MAX) return { error: 'Bad Request: rich message is too long' }
      return { text: markdownText(markdown) }
    }
    if (typeof payload.text !== 'string' || payload.text.length === 0) return { error: 'Bad Request: message text is empty' }
    const shown = payload.parse_mode === 'MarkdownV2' ? markdownV2Text(payload.text) : { text: payload.text }
    if ('error' in shown) return shown
    if (shown.text.trim() === '') return { error: 'Bad Request: message text is empty' }
    if (shown.text.length > TEXT_MAX) return { error: 'Bad Request: message is too long' }
    return shown
  }
  const keyboardProblem = (markup: any): string | null => {
    const rows = markup?.inline_keyboard
    if (rows === undefined) return null
    if (!Array.isArray(rows)) return 'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup must be an Array'
    for (const row of rows) {
      if (!Array.isArray(row)) return 'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays'
      for (const button of row) {
        if (typeof button?.text !== 'string' || button.text === '') return 'Bad Request: text buttons are unallowed in the inline keyboard'
        const bytes = Buffer.byteLength(String(button.callback_data ?? ''), 'utf8')
        if (bytes < 1 || bytes > CALLBACK_DATA_MAX) return 'Bad Request: BUTTON_DATA_INVALID'
      }
    }
    return null
  }
  const returned = (message: BotMessage) => ({
    message_id: message.messageId,
    date: Math.floor(Date.now() / 1000),
    chat: chatOf(message.chatId),
    from: bot,
    text: message.text,
    ...(message.topic !== undefined ? { message_thread_id: message.topic, is_topic_message: true } : {}),
    ...(message.keyboard ? { reply_markup: { inline_keyboard: message.keyboard } } : {})
  })

  const route = (method: string, payload: any): StandInAnswer | Promise<StandInAnswer> => {
    switch (method) {
      case 'getMe':
        return ok({ ...bot, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false })
      case 'sendChatAction':
        return ok(true)
      case 'setWebhook':
        if (typeof payload.url !== 'string') return fail(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook')
        webhook = { url: payload.url, ...(payload.secret_token ? { secret_token: payload.secret_token } : {}), ...(payload.allowed_updates ? { allowed_updates: payload.allowed_updates } : {}) }
        return ok(true)
      case 'deleteWebhook':
        webhook = null
        return ok(true)
      case 'getWebhookInfo':
        return ok({ url: webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0 })
      case 'getUpdates': {
        const offset = Number(payload.offset ?? 0)
        const take = () => queued.filter((update: any) => update.update_id >= offset)
        if (take().length > 0 || !payload.timeout) return ok(take())
        return new Promise<StandInAnswer>((resolve) => {
          const done = () => {
            waiting.delete(done)
            clearTimeout(timer)
            resolve(ok(take()))
          }
          const timer = setTimeout(done, Math.min(Number(payload.timeout), 1) * 1000)
          waiting.add(done)
        })
      }
      case 'sendRichMessage':
      case 'sendMessage': {
        const shown = textOf(payload)
        if ('error' in shown) return fail(400, shown.error)
        const problem = keyboardProblem(payload.reply_markup)
        if (problem) return fail(400, problem)
        const chat = chatOf(payload.chat_id)
        const message: BotMessage = {
          chatId: chat.id,
          messageId: ++nextMessageId,
          ...(payload.message_thread_id !== undefined ? { topic: Number(payload.message_thread_id) } : {}),
          posted: shown.text,
          text: shown.text,
          edits: [],
          keyboard: payload.reply_markup?.inline_keyboard?.length ? payload.reply_markup.inline_keyboard : null,
          keyboards: payload.reply_markup?.inline_keyboard?.length ? [payload.reply_markup.inline_keyboard] : [],
          replyMarkup: payload.reply_markup ?? null,
          entities: payload.entities ?? [],
          ...(payload.reply_parameters?.message_id ? { replyTo: Number(payload.reply_parameters.message_id) } : {})
        }
        messages.set(keyOf(chat.id, message.messageId), message)
        return ok(returned(message))
      }
      case 'editMessageText':
      case 'editMessageReplyMarkup': {
        const message = messages.get(keyOf(payload.chat_id, Number(payload.message_id)))
        if (!message) return fail(400, 'Bad Request: message to edit not found')
        const shown = method === 'editMessageText' ? textOf(payload) : { text: message.text }
        if ('error' in shown) return fail(400, shown.error)
        const problem = keyboardProblem(payload.reply_markup)
        if (problem) return fail(400, problem)
        const keyboard = payload.reply_markup?.inline_keyboard?.length ? payload.reply_markup.inline_keyboard : null
        if (shown.text === message.text && JSON.stringify(keyboard) === JSON.stringify(message.keyboard)) {
          return fail(400, 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message')
        }
        message.text = shown.text
        message.keyboard = keyboard
        if (keyboard) message.keyboards.push(keyboard)
        message.edits.push(shown.text)
        return ok(returned(message))
      }
      case 'answerCallbackQuery': {
        const press = presses.get(String(payload.callback_query_id))
        if (!press) return fail(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid')
        presses.delete(press.id)
        if (typeof payload.text === 'string' && payload.text.length > 200) return fail(400, 'Bad Request: MESSAGE_TOO_LONG')
        if (payload.text) notices.push({ to: press.from.id, text: payload.text, callbackQueryId: press.id })
        return ok(true)
      }
      default:
        return fail(404, 'Not Found')
    }
  }

  /** A request as the stand-in reads it, or `null` when it is not a Bot API call of the bot's token with a JSON payload (never recorded as a call). */
  const callOf = (request: StandInRequest): { method: string; payload: any } | null => {
    const match = BOT_API.exec(request.path)
    if (!match || match[1] !== token) return null
    try {
      return { method: match[2], payload: request.body ? JSON.parse(request.body) : {} }
    } catch {
      return null
    }
  }
  const calls = (): StandInCall[] =>
    server.calls.flatMap((recorded) => {
      const call = callOf(recorded)
      return call ? [{ ...call, status: recorded.status }] : []
    })
  const matching = (request: StandInRequest, when: (call: { method: string; payload: any }) => boolean) => {
    const call = callOf(request)
    return call !== null && when(call)
  }
  const server = await standInServer((request) => {
    const match = BOT_API.exec(request.path)
    if (!match || match[1] !== token) return fail(match ? 401 : 404, match ? 'Unauthorized' : 'Not Found')
    const call = callOf(request)
    return call ? route(call.method, call.payload) : fail(400, 'Bad Request: invalid JSON')
  })

  return {
    url: server.url,
    bot,
    /** Every Bot API call so far, oldest first (see {@link StandInCall}). */
    get calls(): StandInCall[] {
      return calls()
    },
    /** The calls of the piece other than the ones that read (getMe, sendChatAction, getUpdates, getWebhookInfo). */
    writes: () => calls().filter((call) => !['getMe', 'sendChatAction', 'getUpdates', 'getWebhookInfo'].includes(call.method)),
    /** Every message the bot sent, oldest first. */
    messages: () => [...messages.values()],
    message: (chatId: number, messageId: number) => messages.get(keyOf(chatId, messageId)),
    /** What presses were answered with (`answerCallbackQuery` texts), to whom, oldest first. */
    notices,
    /** The webhook registered with `setWebhook`, if any. */
    webhook: () => webhook,
    /** Remembers a press the test sends, so that `answerCallbackQuery` can be checked against it. */
    pressed: (press: Press) => void presses.set(press.id, press),
    /** Presses never acknowledged. */
    unanswered: () => [...presses.values()],
    /** Queues an update for `getUpdates`. */
    queue: (update: unknown) => {
      queued.push(update)
      for (const wake of [...waiting]) wake()
    },
    /** Updates queued and not yet confirmed by a later offset. */
    queued,
    failNext: (when: (call: { method: string; payload: any }) => boolean, status: number) =>
      server.failNext({ when: (request) => matching(request, when) }, fail(status, status >= 500 ? 'Internal Server Error' : 'Bad Request: refused by the test')),
    close: () => {
      for (const wake of [...waiting]) wake()
      return server.close()
    }
  }
}

/** See {@link telegramStandIn}. */
export type TelegramStandIn = Awaited<ReturnType<typeof telegramStandIn>>
