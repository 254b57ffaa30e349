import { clipDrawn, drawnText } from 'frogbot/channels'

/**
 * Discord's Components V2 building blocks and limits, as the piece uses them
 * (discord.com/developers/docs/components/reference).
 */

/** Discord's message flag for Components V2 messages (discord.com/developers/docs/resources/message, "Message Flags"). */
export const IS_COMPONENTS_V2 = 1 << 15

/** A component as Discord takes it (JSON). */
export type Component = Record<string, unknown>

/** Component types (Components reference, "Component Types"). */
export const ComponentType = { ActionRow: 1, Button: 2, StringSelect: 3, TextDisplay: 10, Container: 17 } as const

/** Button styles (Button, "Button Styles"). */
export const ButtonStyle = { Primary: 1, Secondary: 2, Success: 3, Danger: 4 } as const

/** The limits the piece keeps to: a button's label, a select option's label, value and description, a select's options, buttons per row, a message's text, a select's placeholder. */
export const LIMITS = { buttonLabel: 80, optionText: 100, menuOptions: 25, rowButtons: 5, text: 4000, placeholder: 150 } as const

/** `text` cut to at most `max` UTF-16 units, with "…" when it was longer (the kit's `clipDrawn`). */
export const clip = clipDrawn

/** `text` with Discord's Markdown and mentions escaped, so that what the model or a person wrote shows as written. */
export const escapeMarkdown = (text: string) => drawnText(text).replace(/([\\*_~`|>#\-[\]()<@])/g, '\\$1')

/** A Text Display of `content` (Markdown, at most 4000 characters in a message). */
export const textDisplay = (content: string): Component => ({ type: ComponentType.TextDisplay, content })
/** A Container holding `components` (Components V2's card). */
export const container = (components: Component[]): Component => ({ type: ComponentType.Container, components })
/** An Action Row: up to 5 buttons, or one select. */
export const actionRow = (components: Component[]): Component => ({ type: ComponentType.ActionRow, components })
/** A button that sends `customId` when clicked, its label shortened to Discord's 80 characters. */
export const button = (customId: string, label: string, style: number = ButtonStyle.Secondary): Component => ({ type: ComponentType.Button, custom_id: customId, label: clip(label, LIMITS.buttonLabel), style })
/** A Components V2 message body of `components`, pinging nobody. */
export const v2 = (components: unknown[]) => ({ flags: IS_COMPONENTS_V2, components, allowed_mentions: { parse: [] } })
