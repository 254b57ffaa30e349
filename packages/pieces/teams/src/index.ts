/**
 * `@frogbotai/piece-microsoft-teams`: Microsoft Teams conversations for FrogBot agents, on Chat
 * SDK's Teams adapter.
 * - {@link createMicrosoftTeams}: the channel piece an agent lists in `channels`.
 */
export { createMicrosoftTeams, type MicrosoftTeamsOptions, type MicrosoftTeamsPiece } from './create-microsoft-teams.ts'
