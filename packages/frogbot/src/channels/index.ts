/**
 * `frogbot/channels`: what every channel piece shares (FrogBot's piece contract).
 * - {@link channelState}: Chat SDK's state adapter on FrogBot's own database (SQLite, PostgreSQL).
 */
export { channelState, type ChannelLock, type ChannelQueueEntry, type ChannelState } from './channel-state.ts'
