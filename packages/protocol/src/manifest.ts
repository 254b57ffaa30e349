import { z } from 'zod'
import { ChatSummarySchema } from './chat.ts'

/** Name, picture and one-line description shown for an agent in lists and the chat UI. */
export const AgentProfileSchema = z.object({ name: z.string().optional(), avatar: z.string().optional(), description: z.string().optional() })

/**
 * A client tool an agent may call, as chat UIs need it to render and answer its calls: the tool
 * `name` (the `tool-<name>` part type), its `client.kind` (renderers match it first), the admin
 * chat `component` path or `null`, and the JSON Schema its answer must match (for a generic form).
 */
export const ClientToolSummarySchema = z.object({
  name: z.string(),
  kind: z.string(),
  component: z.string().nullable(),
  outputSchema: z.record(z.string(), z.unknown()).describe('JSON Schema (draft 2020-12) of the output')
})

/**
 * A server tool whose calls may wait for a person's approval (`needsApproval`, docs/agents/approvals.md),
 * as chat UIs need it to draw the approval card: the tool `name` (the `tool-<name>` part type), its
 * `description`, and the JSON Schema of its input exactly as the model is given it (for the card's
 * Edit form; the settle door checks an edited input against the tool's own schema).
 */
export const ApprovalToolSummarySchema = z.object({
  name: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()).describe('JSON Schema of the input, as the model is given it')
})

/**
 * An agent the caller may use: its profile, its client tools, and its server tools that may need
 * approval (`approvalTools`, present only when it has some).
 */
export const AgentSummarySchema = z.object({
  slug: z.string(),
  profile: AgentProfileSchema.optional(),
  clientTools: z.array(ClientToolSummarySchema),
  approvalTools: z.array(ApprovalToolSummarySchema).optional().describe('present only when the agent has tools with needsApproval')
})

/** `GET /api/agents`. */
export const AgentListSchema = z.object({ agents: z.array(AgentSummarySchema) })

/** A signed-in person. */
export const UserSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() })

/** `GET /api/frogbot`: what a client needs before it signs in (the chat UI's first request). */
export const ManifestSchema = z.object({
  user: UserSchema.nullable(),
  agents: z.array(AgentSummarySchema),
  chatStorage: z.boolean(),
  auth: z.object({ login: z.string(), logout: z.string(), me: z.string() })
})

/** `POST /api/auth/login`: the signed-in user and when the session ends (the cookie is set too). */
export const LoginResultSchema = z.object({ user: UserSchema, expiresAt: z.string() })

/** `GET /api/auth/me`. */
export const MeSchema = z.object({ user: UserSchema, credential: z.object({ type: z.string(), name: z.string().optional(), prefix: z.string().optional() }) })

/** `POST …/stop`: whether a turn was running or waiting and is now stopped. */
export const StopResultSchema = z.object({ chatId: z.string(), stopped: z.boolean() })

/** `POST …/branch` (201): the new private chat. */
export const BranchResultSchema = z.object({ chat: ChatSummarySchema })

/** `PATCH …/chats/:chatId` (rename): the chat as it is now. */
export const ChatResultSchema = z.object({ chat: ChatSummarySchema })

export type AgentSummary = z.output<typeof AgentSummarySchema>
export type ClientToolSummary = z.output<typeof ClientToolSummarySchema>
export type ApprovalToolSummary = z.output<typeof ApprovalToolSummarySchema>
export type Manifest = z.output<typeof ManifestSchema>
