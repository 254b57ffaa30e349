/**
 * `@frogbotai/piece-telegram-bot`: Telegram conversations for FrogBot agents (private chats,
 * groups, forum topics), questions answered with inline keyboards, on Chat SDK's Telegram adapter.
 * - {@link createTelegramBot}: the channel piece an agent lists in `channels`, and its options;
 * - {@link TelegramParticipant}: a Telegram user as the piece hands them to FrogBot.
 */
export { createTelegramBot, type TelegramBotPiece } from './create-telegram-bot.ts'
export type { TelegramBotOptions } from './telegram-settings.ts'
export type { TelegramParticipant } from './telegram-participants.ts'
