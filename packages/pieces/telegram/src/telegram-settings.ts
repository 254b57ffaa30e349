import { httpUrl, readSettings, type Setting, type SettingOptions, type TableOptions } from 'frogbot/channels'

/**
 * Options of `createTelegramBot`; every one may be left out (the defaults come from `env`).
 * - `instance`: the instance name, the last segment of its webhook `/api/webhooks/<instance>`
 *   (1–64 lowercase letters, digits, `-`, `_`). Default `telegram`.
 * - `botToken`: the bot's token from @BotFather (`TELEGRAM_BOT_TOKEN`): the bot's id (1–20 digits),
 *   a colon, then at least 20 letters, digits, `_` or `-` (`123456789:AA…`, 35 after the colon).
 * - `secretToken`: the webhook's secret token (`TELEGRAM_WEBHOOK_SECRET_TOKEN`), 1–256 of
 *   `A-Z a-z 0-9 _ -` (Bot API `setWebhook`); Telegram sends it in the
 *   `X-Telegram-Bot-Api-Secret-Token` header of every update. Needed in webhook mode.
 * - `botUsername`: the bot's username, without `@` (`TELEGRAM_BOT_USERNAME`): how it is mentioned
 *   in groups. Default: what `getMe` says.
 * - `apiUrl`: the Bot API's base URL (`TELEGRAM_API_BASE_URL`): a self-hosted Bot API server, or a
 *   test's stand-in; calls go to `{apiUrl}/bot{token}/{method}`. Default `https://api.telegram.org`.
 * - `allowedUserIds`: numeric Telegram user ids whose updates are read at all (a pre-filter before
 *   the agent's `access`); default everyone.
 * - `mode`: `webhook` (default: Telegram posts updates to the webhook) or `polling` (the piece asks
 *   Telegram with `getUpdates`, for a machine Telegram cannot reach; the webhook is deleted).
 * - `webhookUrl`: the public address of the webhook (`https://host/api/webhooks/<instance>`); when
 *   given, the piece registers it with `setWebhook` at start-up (with the secret token).
 * - `label`: how the platform is named to people (`channelLabel`). Default `Telegram`.
 * - `env`: where the defaults are read. Default `process.env`.
 * - `now`: the clock updates are judged by (ms since the epoch). Default `Date.now`.
 * The settings' options are those of the table below (each a string; `allowedUserIds` a list of
 * ids, given as strings or numbers).
 */
export type TelegramBotOptions = SettingOptions & Omit<TableOptions<typeof SETTINGS>, 'allowedUserIds'> & {
  allowedUserIds?: (string | number)[]
  mode?: 'webhook' | 'polling'
  label?: string
  now?: () => number
}

/**
 * A bot token in @BotFather's shape: the bot's numeric id (1–20 digits), a colon, then at least 20
 * letters, digits, `_` or `-` (BotFather's tokens have 35 there; the Bot API documents no length).
 */
const BOT_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,}$/
/** The characters and length `setWebhook` allows for `secret_token` (core.telegram.org/bots/api#setwebhook). */
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/
/** Telegram usernames: 5–32 letters, digits and underscores (core.telegram.org/bots/features#botfather; bots end in "bot"). */
const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/
const TELEGRAM_API = 'https://api.telegram.org'
const bare = (name: string) => name.replace(/^@/, '')

/** The settings table (the kit reads, trims and checks it; see `readSettings`). */
const SETTINGS = [
  { option: 'botToken', env: 'TELEGRAM_BOT_TOKEN', hint: "set TELEGRAM_BOT_TOKEN to the bot's token from @BotFather (/newbot, or /token for an existing bot), or pass { botToken }", rule: [BOT_TOKEN, () => 'TELEGRAM_BOT_TOKEN is not a bot token: it must be <digits>:<key>, the bot\'s id (1–20 digits), a colon, then 20 or more letters, digits, "_" or "-", nothing else (@BotFather\'s tokens have 35 after the colon)'] },
  { option: 'secretToken', env: 'TELEGRAM_WEBHOOK_SECRET_TOKEN', rule: [SECRET_TOKEN, () => 'TELEGRAM_WEBHOOK_SECRET_TOKEN must be 1–256 letters, digits, "_" or "-" (what setWebhook accepts)'] },
  { option: 'botUsername', env: 'TELEGRAM_BOT_USERNAME', rule: [(name) => bare(name) === '' || USERNAME.test(bare(name)), (name) => `"${bare(name)}" is not a Telegram username (5–32 letters, digits and "_", starting with a letter)`] },
  { option: 'apiUrl', env: 'TELEGRAM_API_BASE_URL', fallback: TELEGRAM_API, rule: httpUrl((url) => `"${url}" is not an http(s) address (TELEGRAM_API_BASE_URL, such as http://127.0.0.1:8081 for a self-hosted Bot API server)`) },
  { option: 'allowedUserIds', list: true, rule: [/^\d{1,20}$/, (id) => `"${id}" is not a Telegram user id (a whole number, as the bot sees it in from.id)`] },
  { option: 'webhookUrl', rule: httpUrl((url) => `"${url}" is not an http(s) address (Telegram's own servers deliver to https only; a self-hosted Bot API server also to http)`) }
] as const satisfies readonly Setting[]

/** The piece's settings from `options` and the environment; a `ConfigError` names each one that is missing or wrong. */
export function telegramSettings(options: TelegramBotOptions) {
  const mode = options.mode ?? 'webhook'
  const read = readSettings({ factory: 'createTelegramBot', instance: 'telegram' }, SETTINGS, options, ({ secretToken, webhookUrl }, problems) => {
    if (mode !== 'webhook' && mode !== 'polling') problems.push(`createTelegramBot.mode: "${String(mode)}" must be "webhook" or "polling"`)
    if (mode === 'webhook' && !secretToken) problems.push('createTelegramBot.secretToken: set TELEGRAM_WEBHOOK_SECRET_TOKEN to a secret of 1–256 letters, digits, "_" or "-" (Telegram sends it with every update; `setWebhook` registers it), or pass { secretToken }')
    if (webhookUrl !== undefined && mode === 'polling') problems.push('createTelegramBot.webhookUrl: a polling bot has no webhook; leave webhookUrl out, or use mode "webhook"')
  })
  const botUsername = read.botUsername && bare(read.botUsername)
  return { ...read, label: options.label ?? 'Telegram', mode, botUsername: botUsername || undefined, apiUrl: read.apiUrl.replace(/\/+$/, '') }
}

/** What `createTelegramBot` runs on, once read and checked (see {@link telegramSettings}). */
export type TelegramSettings = ReturnType<typeof telegramSettings>
