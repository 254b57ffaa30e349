/**
 * `@frogbotai/piece-linear`: Linear agent sessions for FrogBot agents, on Linear's GraphQL API.
 * - {@link createLinear}: the channel piece an agent lists in `channels`, and its options;
 * - {@link LinearParticipant}: a Linear user as the piece hands them to FrogBot.
 */
export { createLinear, type LinearPiece } from './create-linear.ts'
export type { LinearOptions } from './linear-settings.ts'
export type { LinearParticipant } from './linear-participants.ts'
