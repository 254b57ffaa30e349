import { z } from 'zod'
import type { Caller } from '../contract/caller.ts'
import { findUserById } from '../auth/users.ts'
import type { TurnServices } from './services.ts'

/**
 * Who sent a queued message and through which door, kept with it so its turn runs as them (README:
 * "How a turn runs"). `user` is a snapshot kept only for users of a custom `auth.authenticate` strategy, who are
 * not in the users table.
 */
const SenderSchema = z.object({
  userId: z.string().nullable(),
  credential: z.looseObject({ type: z.enum(['token', 'session', 'custom', 'anonymous', 'system']) }),
  entryPoint: z.enum(['http', 'cli', 'local', 'channel', 'system', 'link']).default('http'),
  user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }).optional(),
  channel: z
    .object({ piece: z.string(), instance: z.string(), userId: z.string(), name: z.string().optional(), email: z.string().optional() })
    .catchall(z.union([z.string(), z.array(z.string())]).optional())
    .optional()
})

/** See {@link SenderSchema}. */
export type Sender = z.output<typeof SenderSchema>

/** The sender record of a message `req` queues. */
export function senderOf(req: Caller): Sender {
  return {
    userId: req.user?.id ?? null,
    credential: req.credential,
    entryPoint: req.entryPoint,
    ...(req.credential.type === 'custom' && req.user ? { user: req.user } : {}),
    ...(req.channel ? { channel: req.channel } : {})
  }
}

/** Whether `req` sent the queued message of `sender`: the same user, or both anonymous. */
export function isSender(sender: unknown, req: Caller): boolean {
  const parsed = SenderSchema.safeParse(sender)
  if (!parsed.success) return false
  if (parsed.data.channel || req.channel) return parsed.data.channel?.userId === req.channel?.userId && parsed.data.channel?.instance === req.channel?.instance
  return parsed.data.userId === (req.user?.id ?? null)
}

/**
 * The caller a queued message runs as: its sender as they are now (a deleted user is nobody, so
 * the agent's `access` decides again), through the door they used.
 */
export async function callerOfSender(services: Pick<TurnServices, 'store'>, sender: unknown): Promise<Caller> {
  const parsed = SenderSchema.safeParse(sender)
  if (!parsed.success) return { user: null, credential: { type: 'anonymous' }, entryPoint: 'http', headers: new Headers() }
  const { userId, credential, entryPoint, user: snapshot, channel } = parsed.data
  const stored = userId ? await findUserById(services.store.db, userId) : null
  const user = stored ?? (credential.type === 'custom' ? (snapshot ?? null) : null)
  return { user, credential: credential as Caller['credential'], entryPoint, headers: new Headers(), ...(channel ? { channel } : {}) }
}
