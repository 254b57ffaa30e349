/**
 * `@frogbotai/piece-github`: GitHub issue and pull request conversations for FrogBot agents, on
 * Chat SDK's GitHub adapter.
 * - {@link createGithub}: the channel piece an agent lists in `channels`, and its options;
 * - {@link GithubParticipant}: a commenter as the piece hands them to FrogBot.
 */
export { createGithub, type GithubPiece } from './create-github.ts'
export type { GithubOptions } from './github-settings.ts'
export type { GithubAssociation, GithubParticipant } from './github-participants.ts'
