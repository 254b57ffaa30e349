/**
 * `@frogbotai/piece-discord`: Discord conversations for FrogBot agents (docs/pieces/discord.md): replies
 * in threads, questions as Discord's own buttons and select menus, answered by anyone the agent's
 * `access` accepts.
 */
export { createDiscord, type DiscordPiece } from './create-discord.ts'
export { DISCORD_API, type DiscordOptions } from './discord-settings.ts'
