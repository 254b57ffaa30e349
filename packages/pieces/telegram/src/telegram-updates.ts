import { parsedJson } from 'frogbot/channels'

/**
 * What the webhook knows of an update before Chat SDK reads it: its `update_id`, when its message
 * was written (ms since the epoch; an update about a button press carries no time), and what it is
 * about (`message:<chat>:<id>`, `edit:<chat>:<id>:<edit_date>`, `press:<callback query id>`), so
 * that a copy re-sent under another `update_id` is known too.
 */
export type UpdateHead = { updateId: number; sentAt?: number; about?: string }

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const isId = (value: unknown) => Number.isSafeInteger(value)
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value)
const isString = (value: unknown) => typeof value === 'string'

/** Why `user` is not a Telegram `User` as the adapter reads it, or `null`. */
function userProblem(user: unknown, where: string): string | null {
  if (!isObject(user)) return `${where} must be an object (a Telegram User)`
  if (!isId(user.id)) return `${where}.id must be a whole number`
  if (!optional(user.first_name, isString) || !optional(user.last_name, isString) || !optional(user.username, isString)) return `${where}'s names must be strings`
  if (!optional(user.is_bot, (value) => typeof value === 'boolean')) return `${where}.is_bot must be true or false`
  return null
}

/** Why `entities` is not a list of message entities, or `null`. */
function entitiesProblem(entities: unknown, where: string): string | null {
  if (entities === undefined) return null
  if (!Array.isArray(entities)) return `${where} must be a list`
  for (const entity of entities) {
    if (!isObject(entity) || !isString(entity.type) || !isId(entity.offset) || !isId(entity.length)) return `${where} must be message entities (type, offset, length)`
    if (entity.user !== undefined && userProblem(entity.user, `${where}[].user`)) return userProblem(entity.user, `${where}[].user`)
  }
  return null
}

/** Why `message` is not a Telegram `Message` as the adapter reads it (one level of `reply_to_message`), or `null`. */
function messageProblem(message: unknown, where: string, depth = 0): string | null {
  if (!isObject(message)) return `${where} must be an object (a Telegram Message)`
  if (!isId(message.message_id)) return `${where}.message_id must be a whole number`
  if (!isId(message.date)) return `${where}.date must be a whole number (Unix time)`
  if (!isObject(message.chat) || !isId(message.chat.id) || !isString(message.chat.type)) return `${where}.chat must be a chat with a numeric id and a type`
  if (!optional(message.message_thread_id, isId)) return `${where}.message_thread_id must be a whole number`
  if (!optional(message.edit_date, isId)) return `${where}.edit_date must be a whole number (Unix time)`
  if (!optional(message.text, isString) || !optional(message.caption, isString)) return `${where}'s text and caption must be strings`
  if (message.from !== undefined) {
    const problem = userProblem(message.from, `${where}.from`)
    if (problem) return problem
  }
  const entities = entitiesProblem(message.entities, `${where}.entities`) ?? entitiesProblem(message.caption_entities, `${where}.caption_entities`)
  if (entities) return entities
  if (message.reply_to_message !== undefined) {
    if (depth > 0) return `${where}.reply_to_message is nested too deep`
    return messageProblem(message.reply_to_message, `${where}.reply_to_message`, depth + 1)
  }
  return null
}

/** Why `press` is not a Telegram `CallbackQuery`, or `null`. */
function pressProblem(press: unknown): string | null {
  if (!isObject(press)) return 'callback_query must be an object'
  if (!isString(press.id) || !(press.id as string)) return 'callback_query.id must be a string'
  if (!optional(press.data, isString)) return 'callback_query.data must be a string'
  return userProblem(press.from, 'callback_query.from') ?? (press.message === undefined ? null : messageProblem(press.message, 'callback_query.message'))
}

/**
 * The head of an update (see {@link UpdateHead}), or why the body is not an update as Telegram
 * sends it (Bot API "Update"): a JSON object with a whole-number `update_id`; where it carries a
 * message (`message`, `edited_message`, `channel_post`, `edited_channel_post`) or a button press
 * (`callback_query`), the fields Chat SDK's adapter reads are of the types Telegram gives them.
 */
export function readUpdate(body: string): UpdateHead | { problem: string } {
  const value = parsedJson(body)
  if (value === undefined) return { problem: 'the body is not JSON' }
  if (!isObject(value)) return { problem: 'the body is not a JSON object (a Telegram Update)' }
  if (!isId(value.update_id) || (value.update_id as number) < 0) return { problem: 'the update has no update_id (a whole number)' }
  const updateId = value.update_id as number
  for (const kind of ['message', 'edited_message', 'channel_post', 'edited_channel_post'] as const) {
    if (value[kind] === undefined) continue
    const problem = messageProblem(value[kind], kind)
    if (problem) return { problem }
    const message = value[kind] as Json & { chat: { id: number }; message_id: number; date: number; edit_date?: number }
    const edited = kind.startsWith('edited_')
    const at = edited ? (message.edit_date ?? message.date) : message.date
    return { updateId, sentAt: at * 1000, about: edited ? `edit:${message.chat.id}:${message.message_id}:${at}` : `message:${message.chat.id}:${message.message_id}` }
  }
  if (value.callback_query !== undefined) {
    const problem = pressProblem(value.callback_query)
    if (problem) return { problem }
    return { updateId, about: `press:${(value.callback_query as { id: string }).id}` }
  }
  return { updateId }
}
