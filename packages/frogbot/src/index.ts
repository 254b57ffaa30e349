/**
 * `frogbot`: agents that pause mid-reply to ask a person a structured question, then continue the
 * same reply. `buildConfig` checks a config; `createFrogbot` runs it (the HTTP handler, the turn
 * engine as methods, local agent calls); `frogbot serve` serves it.
 */
export { buildConfig, type FrogbotConfig } from './config/build-config.ts'
export type { AgentConfig, AgentProfile, AiOptions, AuthOptions, ChannelPieceInstance, FrogbotOptions, ModelReference } from './config/options.ts'
export { createFrogbot, type Caller, type CreateFrogbotOptions, type Frogbot, type StartedTurn } from './frogbot.ts'
export type { LocalAgent, LocalCallOptions } from './agents/local-agent.ts'
export type { AnyTool, ClientTool, ClientToolConfig, Tool, ToolContext } from './tools/tool.ts'
export type { ChannelParticipant, Credential, EntryPoint, FrogbotRequest, User } from './auth/frogbot-request.ts'
export { canWriteChat } from './turns/chat-access.ts'
export type { ChannelDoor, ChannelEngine, ChannelParticipantInput } from './turns/channel-door.ts'
export type { ChatRead } from './turns/read-chat.ts'
export type { SendResult } from './turns/send-message.ts'
export type { SettleInput, SettleOutcome } from './turns/settle.ts'
export type { TurnRun } from './turns/run-turn.ts'
export type { AwaitingInputEvent } from './turns/turn-events.ts'
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
export { FrogbotError, ConfigError, type ErrorCode } from './errors/frogbot-error.ts'
export { createDemoModel } from './models/demo-model.ts'
export type { ProvidersOptions } from './models/providers.ts'
export type { LiveStreams, LiveRecorder } from './turns/live-streams.ts'
export { memoryLiveStreams } from './turns/memory-live-streams.ts'
export { redisLiveStreams, type RedisLiveStreamsOptions } from './turns/redis-live-streams.ts'
