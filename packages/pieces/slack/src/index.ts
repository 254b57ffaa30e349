/**
 * `@frogbotai/piece-slack`: Slack conversations for FrogBot agents, on Chat SDK's Slack adapter.
 * - {@link createSlack}: the channel piece an agent lists in `channels`.
 */
export { createSlack, type SlackOptions, type SlackPiece } from './create-slack.ts'
