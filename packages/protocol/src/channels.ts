import { z } from 'zod'

/**
 * Where a channel conversation lives (FrogBot's "who can write a chat"): the piece (`slack`), the
 * piece instance whose webhook serves it (`/api/webhooks/<instance>`), the platform account
 * (workspace, team or bot; `null` when the platform has none) and the thread.
 */
export const ChannelIdentitySchema = z.object({
  piece: z.string().describe('The piece, e.g. `slack`'),
  instance: z.string().describe('The piece instance, the last segment of its webhook path'),
  account: z.string().nullable().describe('Workspace, team or bot id; null when the platform has none'),
  thread: z.string().describe('The platform thread id')
})

/** See {@link ChannelIdentitySchema}. */
export type ChannelIdentity = z.output<typeof ChannelIdentitySchema>

/** How each piece's platform is named to people (`channelLabel`). */
export const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  slack: 'Slack',
  discord: 'Discord',
  'microsoft-teams': 'Microsoft Teams',
  'telegram-bot': 'Telegram',
  github: 'GitHub',
  linear: 'Linear'
}

/** The label of a piece: its known platform name, else the piece name with a capital first letter. */
export function channelLabelOf(piece: string): string {
  return CHANNEL_LABELS[piece] ?? piece.charAt(0).toUpperCase() + piece.slice(1)
}

/**
 * The notice that replaces the composer of a channel conversation, and the message of
 * `409 channel-chat` (seed: "Channel conversations").
 */
export function channelNoticeText(channelLabel: string): string {
  return `This conversation happens in ${channelLabel}. Continue it there, or branch it into a new chat.`
}
