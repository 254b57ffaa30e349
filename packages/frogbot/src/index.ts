/**
 * `frogbot`: agents that pause mid-reply to ask a person a structured question, then continue the
 * same reply. `buildConfig` checks a config; `createFrogbot` runs it (the HTTP handler, the turn
 * engine as methods, local agent calls); `frogbot serve` serves it.
 */
export { buildConfig, type FrogbotConfig } from './config/build-config.ts'
export type { FrogbotOptions } from './config/options.ts'
export type { AgentConfig, AgentProfile } from './agents/agent-options.ts'
export type { AiOptions, ModelReference } from './models/model-options.ts'
export type { AuthOptions } from './auth/auth-options.ts'
export type { Duration, NotifyOptions } from './notify/notify-options.ts'
export { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature, type WebhookEvent } from './notify/webhook-sender.ts'
export { createFrogbot, type CallAs, type CreateFrogbotOptions, type Frogbot, type StartedTurn } from './frogbot.ts'
export type { LocalAgent, LocalCallOptions } from './local/local-agent.ts'
export type { AnyTool, ClientTool, ClientToolConfig, Tool, ToolContext } from './tools/tool.ts'
export type { Caller, Credential, EntryPoint, User } from './contract/caller.ts'
export { canWriteChat } from './turns/chat-access.ts'
export type { ChannelPiece, DirectMessages, DirectNoticeType, DirectPerson, LookupProblem, ParticipantIdentity, PieceEngine } from './contract/piece.ts'
export type { Participant } from './contract/participant.ts'
export type { ChatRead, SendResult, SettleInput, SettleOutcome, TurnRun } from './contract/turns.ts'
export type { AwaitingInputEvent, EngineEvent } from './contract/engine-events.ts'
export type { ChatRecord } from './store/chat-records.ts'
export type {
  AwaitingInputTurn,
  ChannelIdentity,
  ChatState,
  ChatSummary,
  CompleteTurn,
  PendingCall,
  QueuedMessage,
  QueuedTurn,
  SettledBy,
  Settlement,
  SettlementOutcome,
  SettlementWithPart,
  TurnResult
} from '@frogbotai/protocol'
export { sqliteAdapter, type SqliteAdapterOptions } from './store/sqlite-adapter.ts'
export { postgresAdapter, type PostgresAdapterOptions } from './store/postgres-adapter.ts'
export type { DatabaseAdapter } from './store/database-adapter.ts'
export { FrogbotError, ConfigError, type ErrorCode, type FrogbotErrorData, type MissingResource } from './errors/frogbot-error.ts'
export { createDemoModel } from './models/demo-model.ts'
export type { ProvidersOptions } from './models/providers.ts'
export type { LiveStreams, LiveRecorder } from './contract/live-streams.ts'
export { memoryLiveStreams } from './turns/live/memory-live-streams.ts'
export { redisLiveStreams, type RedisLiveStreamsOptions } from './turns/live/redis-live-streams.ts'
export type { TelemetryOptions } from './telemetry/load-telemetry.ts'
export { TELEMETRY_NAMES } from './telemetry/engine-telemetry.ts'
