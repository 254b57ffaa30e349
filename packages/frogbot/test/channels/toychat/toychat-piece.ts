import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createPiece, type KitPiece, type NameOf, noticeText, numberedQuestions, numberedReply, questionsOf, replayGuard, settledText, unauthorized } from 'frogbot/channels'
import { z } from 'zod'

/** Where Toychat's API is, the secret its webhook signs with, the instance name and the clock (for signatures' freshness). */
export type ToychatOptions = { apiUrl: string; secret: string; instance?: string; now?: () => number }

/** A message as Toychat's webhook delivers it. */
const ToychatMessage = z.object({
  thread: z.string().min(1),
  user: z.object({ id: z.string().min(1), name: z.string(), email: z.string().optional() }),
  text: z.string(),
  replyTo: z.string().optional()
})

/** `text` as JSON, or `null` when it is not JSON. */
const json = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Whether `signature` is Toychat's: HMAC-SHA256 of `<timestamp>.<body>` with the secret, in hex. */
function signed(secret: string, { timestamp, signature, body }: { timestamp: string; signature: string; body: string }) {
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest()
  const given = Buffer.from(signature, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Toychat conversations for a FrogBot agent: messages come signed to the webhook, replies and
 * questions are posted as text through Toychat's API, and a question is answered by replying to it
 * (`2`, `Blue`, or own words), read with FrogBot's numbered-answer grammar.
 */
export function createToychat({ apiUrl, secret, instance = 'toychat', now = Date.now }: ToychatOptions): KitPiece {
  const call = async (method: 'POST' | 'PATCH', path: string, body: unknown) => {
    const response = await fetch(`${apiUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`Toychat answered ${response.status} to ${method} ${path}`)
    return (await response.json()) as { id: string }
  }
  const post = async (thread: string, text: string) => (await call('POST', '/messages', { thread, text })).id
  const mention = ({ userId, name }: { userId: string; name?: string }) => `@${name ?? userId}`
  const nameOf: NameOf = (by) => ('channel' in by ? mention(by.channel) : 'FrogBot')

  return createPiece({
    piece: 'toychat',
    instance,
    label: 'Toychat',
    identity: { by: 'email' },
    now,
    readReply: numberedReply,
    opensThreads: true,
    start: ({ runtime, state, refused }) => {
      const guard = replayGuard({ state, now })
      return {
        // A new thread for a question nobody asked in one (an MCP client's ask_human with mcp.channel).
        openThread: async ({ text }) => {
          const thread = `t-${randomUUID()}`
          await post(thread, text)
          return { thread, account: null }
        },
        drawing: {
          reply: async ({ thread, text }) => {
            let whole = ''
            for await (const delta of text) whole += delta
            if (whole) await post(thread, whole)
          },
          // `facts`: "Waiting for Dana", "Expires in 2 h (…)", drawn under the questions.
          drawCall: async ({ thread, call: waiting, facts }) => [await post(thread, [numberedQuestions(questionsOf(waiting.input) ?? []), ...facts].join('\n'))],
          drawSettled: async ({ card, settlement }) => {
            const text = settledText({ questions: questionsOf(card.input) ?? [], settlement, nameOf })
            for (const id of card.messageIds) await call('PATCH', `/messages/${id}`, { text })
          },
          notify: async ({ thread, participant, notice }) => void (await post(thread, `${mention(participant)} ${noticeText(notice, nameOf)}`))
        },
        webhook: async (request) => {
          const body = await request.text()
          const timestamp = request.headers.get('toychat-timestamp') ?? ''
          if (!signed(secret, { timestamp, signature: request.headers.get('toychat-signature') ?? '', body })) {
            refused('the signature is not Toychat\'s: check the secret')
            return unauthorized('Refused: the Toychat signature is invalid.')
          }
          const replay = await guard.admit({ body, signedAt: Number(timestamp) })
          if (replay) return unauthorized(replay.message)
          const parsed = ToychatMessage.safeParse(json(body))
          if (!parsed.success) return Response.json({ error: 'Refused: the body is not a Toychat message.', code: 'bad-request' }, { status: 400 })
          const { thread, user, text, replyTo } = parsed.data
          await runtime.message({ thread, participant: { userId: user.id, name: user.name, ...(user.email ? { email: user.email } : {}) }, text, replyTo })
          return Response.json({ ok: true })
        }
      }
    }
  })
}
