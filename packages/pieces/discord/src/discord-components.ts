import { ButtonStyle, ComponentType, MessageFlags } from 'discord.js'
import { clipDrawn as clip, drawnText } from 'frogbot/channels'

/**
 * Discord's Components V2 building blocks and limits, as the piece uses them
 * (discord.com/developers/docs/components/reference; the component types, button styles and
 * message flags are discord-api-types', as discord.js exports them).
 */

export { ButtonStyle, ComponentType }

/** A component as Discord takes it (JSON). */
export type Component = Record<string, unknown>

/** The limits the piece keeps to: a button's label, a select option's label, value and description, a select's options, buttons per row, a message's text, a select's placeholder. */
export const LIMITS = { buttonLabel: 80, optionText: 100, menuOptions: 25, rowButtons: 5, text: 4000, placeholder: 150 } as const

/** `text` with Discord's Markdown and mentions escaped, so that what the model or a person wrote shows as written. */
export const escapeMarkdown = (text: string) => drawnText(text).replace(/([\\*_~`|>#\-[\]()<@])/g, '\\$1')

/** A Text Display of `content` (Markdown, at most {@link LIMITS}`.text` characters in a message; longer is clipped). */
export const textDisplay = (content: string): Component => ({ type: ComponentType.TextDisplay, content: clip(content, LIMITS.text) })
/** A Container holding `components` (Components V2's card). */
export const container = (components: Component[]): Component => ({ type: ComponentType.Container, components })
/** An Action Row: up to 5 buttons, or one select. */
export const actionRow = (components: Component[]): Component => ({ type: ComponentType.ActionRow, components })
/** A button that sends `customId` when clicked, its label shortened to Discord's 80 characters. */
export const button = (customId: string, label: string, style: ButtonStyle = ButtonStyle.Secondary): Component => ({ type: ComponentType.Button, custom_id: customId, label: clip(label, LIMITS.buttonLabel), style })
/** A Components V2 message body (flag `IS_COMPONENTS_V2`) of `components`, pinging nobody. */
export const v2 = (components: unknown[]) => ({ flags: MessageFlags.IsComponentsV2, components, allowed_mentions: { parse: [] } })
