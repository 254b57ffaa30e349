import { httpUrl, readSettings, type Setting, type SettingOptions, type TableOptions } from 'frogbot/channels'

/**
 * Options of `createMicrosoftTeams`; every one may be left out.
 * - `instance`: the instance name, the last segment of its webhook `/api/webhooks/<instance>`
 *   (1–64 lowercase letters, digits, `-`, `_`). Default `teams`. Give two instances different names.
 * - `appId`: the bot's Microsoft App ID (Azure Bot → Configuration). Default `TEAMS_APP_ID`.
 * - `appPassword`: a client secret of that app registration. Default `TEAMS_APP_PASSWORD`.
 * - `appTenantId`: the app registration's directory (tenant) id, for a single-tenant bot.
 *   Default `TEAMS_APP_TENANT_ID`; without one the bot's token is asked of `botframework.com`.
 * - `apiUrl`: where every Bot Connector call goes, whatever conversation it is for (a gateway, a
 *   stand-in). Default `TEAMS_API_URL`, else each conversation's own `serviceUrl`.
 * - `openIdMetadataUrl`: the Bot Framework OpenID metadata whose `jwks_uri` holds the keys that
 *   sign incoming activities. Default `TEAMS_OPENID_METADATA_URL`, else Microsoft's
 *   (`https://login.botframework.com/v1/.well-known/openidconfiguration`).
 * - `tokenUrl`: the OAuth 2.0 client-credentials endpoint of the bot's own token. Default
 *   `TEAMS_TOKEN_URL`, else `https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token`.
 * - `userName`: the bot's name in Chat SDK. Default `frogbot`.
 * - `label`: how the platform is named to people (`channelLabel`). Default `Microsoft Teams`.
 * - `env`: where the defaults are read. Default `process.env`.
 * - `now`: the clock tokens are checked against (ms since the epoch). Default `Date.now`.
 * The settings' options are those of the table below (each a string).
 */
export type MicrosoftTeamsOptions = SettingOptions & TableOptions<typeof SETTINGS> & { userName?: string; label?: string; now?: () => number }

/** The Bot Framework OpenID metadata of Microsoft's public cloud (Bot Connector authentication). */
export const BOT_FRAMEWORK_OPENID_METADATA = 'https://login.botframework.com/v1/.well-known/openidconfiguration'

/** The tenant a bot without one of its own asks its token of (Bot Connector authentication). */
const DEFAULT_TOKEN_TENANT = 'botframework.com'

const url = (variable: string) => httpUrl((value) => `"${value}" must be an http(s) URL (${variable})`)

/** The settings table (the kit reads, trims and checks it; see `readSettings`). */
const SETTINGS = [
  { option: 'appId', env: 'TEAMS_APP_ID', hint: "set TEAMS_APP_ID to the bot's Microsoft App ID (Azure Bot → Configuration), or pass { appId }" },
  { option: 'appPassword', env: 'TEAMS_APP_PASSWORD', hint: 'set TEAMS_APP_PASSWORD to a client secret of the app (App registration → Certificates & secrets), or pass { appPassword }' },
  { option: 'appTenantId', env: 'TEAMS_APP_TENANT_ID' },
  { option: 'apiUrl', env: 'TEAMS_API_URL', rule: url('TEAMS_API_URL') },
  { option: 'openIdMetadataUrl', env: 'TEAMS_OPENID_METADATA_URL', fallback: BOT_FRAMEWORK_OPENID_METADATA, rule: url('TEAMS_OPENID_METADATA_URL') },
  { option: 'tokenUrl', env: 'TEAMS_TOKEN_URL', rule: url('TEAMS_TOKEN_URL') }
] as const satisfies readonly Setting[]

/**
 * The piece's credentials, endpoints and instance (`instance`, `appId`, `appPassword`, `appTenantId`
 * when set, `apiUrl` when set, `openIdMetadataUrl`, `tokenUrl`) from `options` and the environment. Throws a
 * `ConfigError` naming each one that is missing or wrong: the app id and password are needed, the
 * instance must be URL-safe, and every URL must be an http(s) URL.
 */
export function teamsSettings(options: MicrosoftTeamsOptions) {
  const { appTenantId, apiUrl, tokenUrl, ...settings } = readSettings({ factory: 'createMicrosoftTeams', instance: 'teams' }, SETTINGS, options)
  const tenantTokenUrl = tokenUrl ?? `https://login.microsoftonline.com/${encodeURIComponent(appTenantId ?? DEFAULT_TOKEN_TENANT)}/oauth2/v2.0/token`
  return { ...settings, ...(appTenantId ? { appTenantId } : {}), ...(apiUrl ? { apiUrl } : {}), tokenUrl: tenantTokenUrl }
}
