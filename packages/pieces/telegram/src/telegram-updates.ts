import { jsonObject } from 'frogbot/channels'
import { z } from 'zod'

/**
 * What the webhook knows of an update before Chat SDK reads it: its `update_id`, when its message
 * was written (ms since the epoch; an update about a button press carries no time), and what it is
 * about (`message:<chat>:<id>`, `edit:<chat>:<id>:<edit_date>`, `press:<callback query id>`), so
 * that a copy re-sent under another `update_id` is known too.
 */
export type UpdateHead = { updateId: number; sentAt?: number; about?: string }

// The fields Chat SDK's adapter reads of an update, of the types Telegram gives them (Bot API "Update").
const whole = z.int({ error: 'must be a whole number' })
const string = z.string({ error: 'must be a string' })
const text = string.optional()
const User = z.object({ id: whole, first_name: text, last_name: text, username: text, is_bot: z.boolean({ error: 'must be true or false' }).optional() }, { error: 'must be an object (a Telegram User)' })
const Entities = z.array(z.object({ type: z.string(), offset: whole, length: whole, user: User.optional() }), { error: 'must be a list of message entities' }).optional()
const MESSAGE = {
  message_id: whole,
  date: whole,
  chat: z.object({ id: whole, type: string }, { error: 'must be a chat with a numeric id and a type' }),
  message_thread_id: whole.optional(),
  edit_date: whole.optional(),
  text,
  caption: text,
  from: User.optional(),
  entities: Entities,
  caption_entities: Entities
}
// One level of `reply_to_message`, as Telegram sends it.
const Message = z.object({ ...MESSAGE, reply_to_message: z.object({ ...MESSAGE, reply_to_message: z.undefined({ error: 'is nested too deep' }).optional() }).optional() }, { error: 'must be an object (a Telegram Message)' })
const Update = z.object({
  update_id: whole.nonnegative({ error: 'must be a whole number' }),
  message: Message.optional(),
  edited_message: Message.optional(),
  channel_post: Message.optional(),
  edited_channel_post: Message.optional(),
  callback_query: z.object({ id: string.min(1, { error: 'must be a string' }), data: text, from: User, message: Message.optional() }, { error: 'must be an object' }).optional()
})

/**
 * The head of an update (see {@link UpdateHead}), or why the body is not an update as Telegram
 * sends it (Bot API "Update"): a JSON object with a whole-number `update_id`; where it carries a
 * message (`message`, `edited_message`, `channel_post`, `edited_channel_post`) or a button press
 * (`callback_query`), the fields Chat SDK's adapter reads are of the types Telegram gives them.
 */
export function readUpdate(body: string): UpdateHead | { problem: string } {
  const value = jsonObject(body)
  if (typeof value === 'string') return { problem: `the body is ${value}${value === 'not JSON' ? '' : ' (a Telegram Update)'}` }
  const read = Update.safeParse(value)
  if (!read.success) {
    const [issue] = read.error.issues
    return { problem: `${issue.path.join('.').replace(/\.(\d+)/g, '[$1]')} ${issue.message}` }
  }
  const update = read.data
  const kind = (['message', 'edited_message', 'channel_post', 'edited_channel_post'] as const).find((name) => update[name])
  if (kind) {
    const message = update[kind]!
    const edited = kind.startsWith('edited_')
    const at = edited ? (message.edit_date ?? message.date) : message.date
    return { updateId: update.update_id, sentAt: at * 1000, about: edited ? `edit:${message.chat.id}:${message.message_id}:${at}` : `message:${message.chat.id}:${message.message_id}` }
  }
  return { updateId: update.update_id, ...(update.callback_query ? { about: `press:${update.callback_query.id}` } : {}) }
}
