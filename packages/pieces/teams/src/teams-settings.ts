import { ConfigError } from 'frogbot'
import { givenSetting } from 'frogbot/channels'

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
 */
export type MicrosoftTeamsOptions = {
  instance?: string
  appId?: string
  appPassword?: string
  appTenantId?: string
  apiUrl?: string
  openIdMetadataUrl?: string
  tokenUrl?: string
  userName?: string
  label?: string
  env?: Record<string, string | undefined>
  now?: () => number
}

/** What the piece runs on, once read and checked (see {@link teamsSettings}). */
export type TeamsSettings = {
  instance: string
  appId: string
  appPassword: string
  appTenantId?: string
  apiUrl?: string
  openIdMetadataUrl: string
  tokenUrl: string
}

/** The Bot Framework OpenID metadata of Microsoft's public cloud (Bot Connector authentication). */
export const BOT_FRAMEWORK_OPENID_METADATA = 'https://login.botframework.com/v1/.well-known/openidconfiguration'

/** The tenant a bot without one of its own asks its token of (Bot Connector authentication). */
const DEFAULT_TOKEN_TENANT = 'botframework.com'

const INSTANCE = /^[a-z0-9][a-z0-9_-]{0,63}$/

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * The piece's credentials, endpoints and instance from `options` and the environment. Throws a
 * `ConfigError` naming each one that is missing or wrong: the app id and password are needed, the
 * instance must be URL-safe, and every URL must be an http(s) URL.
 */
export function teamsSettings(options: MicrosoftTeamsOptions): TeamsSettings {
  const env = options.env ?? process.env
  const instance = options.instance ?? 'teams'
  const appId = givenSetting(options.appId ?? env.TEAMS_APP_ID)
  const appPassword = givenSetting(options.appPassword ?? env.TEAMS_APP_PASSWORD)
  const appTenantId = givenSetting(options.appTenantId ?? env.TEAMS_APP_TENANT_ID)
  const apiUrl = options.apiUrl ?? env.TEAMS_API_URL
  const openIdMetadataUrl = options.openIdMetadataUrl ?? env.TEAMS_OPENID_METADATA_URL ?? BOT_FRAMEWORK_OPENID_METADATA
  const tokenUrl = options.tokenUrl ?? env.TEAMS_TOKEN_URL ?? `https://login.microsoftonline.com/${encodeURIComponent(appTenantId ?? DEFAULT_TOKEN_TENANT)}/oauth2/v2.0/token`
  const problems: string[] = []
  if (!INSTANCE.test(instance)) problems.push(`createMicrosoftTeams.instance: "${instance}" must be 1–64 lowercase letters, digits, "-" or "_" (the last segment of /api/webhooks/<instance>)`)
  if (!appId) problems.push("createMicrosoftTeams.appId: set TEAMS_APP_ID to the bot's Microsoft App ID (Azure Bot → Configuration), or pass { appId }")
  if (!appPassword) problems.push('createMicrosoftTeams.appPassword: set TEAMS_APP_PASSWORD to a client secret of the app (App registration → Certificates & secrets), or pass { appPassword }')
  const urls: [string, string | undefined][] = [
    ['apiUrl (TEAMS_API_URL)', apiUrl],
    ['openIdMetadataUrl (TEAMS_OPENID_METADATA_URL)', openIdMetadataUrl],
    ['tokenUrl (TEAMS_TOKEN_URL)', tokenUrl]
  ]
  for (const [name, value] of urls) if (value !== undefined && !isHttpUrl(value)) problems.push(`createMicrosoftTeams.${name}: "${value}" must be an http(s) URL`)
  if (problems.length > 0) throw new ConfigError(problems)
  return { instance, appId: appId!, appPassword: appPassword!, ...(appTenantId ? { appTenantId } : {}), ...(apiUrl ? { apiUrl } : {}), openIdMetadataUrl, tokenUrl }
}
