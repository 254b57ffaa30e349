import { httpUrl, readSettings, type Setting, type SettingOptions, type TableOptions } from 'frogbot/channels'

/**
 * Options of `createDiscord`; every one may be left out.
 * - `instance`: the instance name, the last segment of its webhook `/api/webhooks/<instance>`
 *   (1–64 lowercase letters, digits, `-`, `_`). Default `discord`. Give two instances different names.
 * - `applicationId`: the application's id (Developer Portal → General Information). Default `DISCORD_APPLICATION_ID`.
 * - `publicKey`: the application's public key, 64 hex digits (General Information). Default `DISCORD_PUBLIC_KEY`.
 * - `botToken`: the bot's token (Bot → Reset Token). Default `DISCORD_BOT_TOKEN`.
 * - `botUsername`: the bot's name in Chat SDK (a typed `@name` counts as a mention). Default `frogbot`.
 * - `mentionRoleIds`: role ids whose mention counts as mentioning the bot. Default `DISCORD_MENTION_ROLE_IDS` (comma-separated), else none.
 * - `respondToChannelIds`: channel ids where every message starts a conversation, no mention needed.
 *   Default `DISCORD_RESPOND_TO_CHANNEL_IDS` (comma-separated), else none.
 * - `apiUrl`: the REST base every Discord call goes to (the Gateway's address is asked there too).
 *   Default `DISCORD_API_URL`, else {@link DISCORD_API}.
 * - `label`: how the platform is named to people (`channelLabel`). Default `Discord`.
 * - `env`: where the defaults are read. Default `process.env`.
 * - `now`: the clock signatures are checked against (ms since the epoch). Default `Date.now`.
 */
export type DiscordOptions = SettingOptions & TableOptions<typeof SETTINGS> & {
  botUsername?: string
  label?: string
  now?: () => number
}

/** Discord's REST API, version 10 (discord.com/developers/docs/reference, "API Versioning"). */
export const DISCORD_API = 'https://discord.com/api/v10'

const SNOWFLAKE = /^\d{1,20}$/

/** The settings table (the kit reads, trims and checks it; see `readSettings`). */
const SETTINGS = [
  { option: 'applicationId', env: 'DISCORD_APPLICATION_ID', hint: "set DISCORD_APPLICATION_ID to the application's id (Developer Portal → General Information), or pass { applicationId }", rule: [SNOWFLAKE, (id) => `"${id}" must be the application's id, digits only (DISCORD_APPLICATION_ID)`] },
  { option: 'publicKey', env: 'DISCORD_PUBLIC_KEY', hint: "set DISCORD_PUBLIC_KEY to the application's public key (Developer Portal → General Information), or pass { publicKey }", rule: [/^[0-9a-f]{64}$/i, () => 'the public key must be 64 hexadecimal digits, as the Developer Portal shows it (DISCORD_PUBLIC_KEY)'] },
  { option: 'botToken', env: 'DISCORD_BOT_TOKEN', hint: "set DISCORD_BOT_TOKEN to the bot's token (Developer Portal → Bot → Reset Token), or pass { botToken }" },
  { option: 'apiUrl', env: 'DISCORD_API_URL', fallback: DISCORD_API, rule: httpUrl((url) => `"${url}" must be an http(s) URL (DISCORD_API_URL)`) },
  { option: 'mentionRoleIds', env: 'DISCORD_MENTION_ROLE_IDS', list: true, rule: [SNOWFLAKE, (id) => `"${id}" must be Discord ids, digits only`] },
  { option: 'respondToChannelIds', env: 'DISCORD_RESPOND_TO_CHANNEL_IDS', list: true, rule: [SNOWFLAKE, (id) => `"${id}" must be Discord ids, digits only`] }
] as const satisfies readonly Setting[]

/**
 * The piece's credentials, endpoints and instance from `options` and the environment. Throws a
 * `ConfigError` naming each one that is missing or wrong: the application id, public key and bot
 * token are needed; the id is a snowflake (digits), the key 64 hex digits, the API URL http(s),
 * every listed channel or role id a snowflake, and the instance URL-safe. Returns what the piece
 * runs on: the table's values (the public key lower-cased, the API URL without a trailing `/`),
 * the instance and the bot's name.
 */
export function discordSettings(options: DiscordOptions) {
  const read = readSettings({ factory: 'createDiscord', instance: 'discord' }, SETTINGS, options)
  return { ...read, publicKey: read.publicKey.toLowerCase(), apiUrl: read.apiUrl.replace(/\/+$/, ''), botUsername: options.botUsername ?? 'frogbot' }
}
