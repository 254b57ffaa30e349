import { z } from 'zod'

/** A call that waits for an answer (seed: "Answer over HTTP"). */
export const PendingCallSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  input: z.unknown(),
  messageId: z.string(),
  chatId: z.string(),
  agentSlug: z.string(),
  createdAt: z.string().describe('ISO 8601')
})

/** Who settled a call, how and when, plus the stored tool part (`part`). */
export const SettlementSchema = z.object({
  toolCallId: z.string(),
  outcome: z.enum(['answered', 'dismissed', 'closed', 'expired']),
  by: z.object({
    userId: z.string().optional(),
    token: z.object({ name: z.string(), prefix: z.string() }).optional(),
    anonymous: z.literal(true).optional(),
    channelUser: z.object({ channel: z.string(), id: z.string(), name: z.string().optional() }).optional(),
    system: z.literal(true).optional()
  }),
  at: z.string().describe('ISO 8601'),
  reason: z.string().optional(),
  part: z.unknown().describe('the stored AI SDK tool UI part, with the answer or tool error')
})

const Usage = z.object({ inputTokens: z.number().optional(), outputTokens: z.number().optional(), totalTokens: z.number().optional() }).loose()

/** A turn that ran to its end. */
export const CompleteTurnSchema = z.object({
  status: z.literal('complete'),
  chatId: z.string(),
  messageId: z.string(),
  text: z.string(),
  finishReason: z.string(),
  usage: Usage,
  stopped: z.literal(true).optional().describe('present when the turn was stopped')
})

/** A turn paused at client tool calls. */
export const AwaitingInputSchema = z.object({ status: z.literal('awaiting-input'), chatId: z.string(), pending: z.array(PendingCallSchema) })

/** `POST /api/agents/:slug` JSON answers. */
export const TurnResultSchema = z.union([CompleteTurnSchema, AwaitingInputSchema])

/** A message sent while a turn was running (HTTP 202). */
export const QueuedSchema = z.object({ status: z.literal('queued'), chatId: z.string(), messageId: z.string() })

/** `POST .../settle` JSON answers: the turn result plus the settlement, or a dismissal. */
export const SettleResultSchema = z.union([
  CompleteTurnSchema.extend({ settlement: SettlementSchema }),
  AwaitingInputSchema.extend({ settlement: SettlementSchema }),
  z.object({ status: z.literal('dismissed'), chatId: z.string(), messageId: z.string(), state: z.literal('idle'), settlement: SettlementSchema })
])

/** Every error: `code` is absent only for a malformed request body. */
export const ErrorSchema = z.object({
  error: z.object({ code: z.string().optional(), message: z.string() }),
  settlement: SettlementSchema.optional().describe('with 409 already-settled: the stored answer'),
  pending: z.array(PendingCallSchema).optional().describe('with 409 pending-calls: the calls still waiting'),
  chatId: z.string().optional().describe('with 502 model-error: the chat, where what the model generated is kept')
})

export const ChatSummarySchema = z.object({
  id: z.string(),
  agentSlug: z.string(),
  title: z.string().nullable(),
  state: z.enum(['idle', 'running', 'awaiting-input']),
  channel: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string()
})

/** A stored message: an AI SDK UI message plus its `settlements`. */
export const StoredMessageSchema = z
  .object({ id: z.string(), role: z.enum(['system', 'user', 'assistant']), parts: z.array(z.object({ type: z.string() }).loose()), metadata: z.unknown().optional(), settlements: z.array(SettlementSchema.omit({ part: true })) })

export const ChatSchema = z.object({ chat: ChatSummarySchema, messages: z.array(StoredMessageSchema), pending: z.array(PendingCallSchema) })
export const ChatListSchema = z.object({ chats: z.array(ChatSummarySchema), nextCursor: z.string().nullable() })
export const PendingListSchema = z.object({ chatId: z.string(), state: ChatSummarySchema.shape.state, pending: z.array(PendingCallSchema) })
export const AgentListSchema = z.object({
  agents: z.array(z.object({ slug: z.string(), profile: z.object({ name: z.string().optional(), avatar: z.string().optional(), description: z.string().optional() }).optional() }))
})
export const StopResultSchema = z.object({ chatId: z.string(), stopped: z.boolean() })

const UserSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() })

/** `POST /api/auth/login`: the signed-in user and when the session ends (the cookie is set too). */
export const LoginResultSchema = z.object({ user: UserSchema, expiresAt: z.string() })

/** `GET /api/auth/me`. */
export const MeSchema = z.object({ user: UserSchema, credential: z.object({ type: z.string(), name: z.string().optional(), prefix: z.string().optional() }) })

/** `GET /api/frogbot`: what a client needs before it signs in. */
export const ManifestSchema = z.object({
  user: UserSchema.nullable(),
  agents: AgentListSchema.shape.agents,
  chatStorage: z.boolean(),
  auth: z.object({ login: z.string(), logout: z.string(), me: z.string() })
})
