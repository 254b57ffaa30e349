import { ConfigError } from 'frogbot'
import { configProblems } from 'frogbot/testing'
import { describe, expect, it } from 'vitest'
import { createMicrosoftTeams } from './create-microsoft-teams.ts'
import { BOT_FRAMEWORK_OPENID_METADATA, teamsSettings } from './teams-settings.ts'

const problemsOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).problems
  }
  throw new Error('expected a ConfigError')
}

describe('createMicrosoftTeams', () => {
  it("reads its app from the environment, with Microsoft's endpoints by default, and names the piece for people", () => {
    const teams = createMicrosoftTeams({ env: { TEAMS_APP_ID: 'app-1', TEAMS_APP_PASSWORD: 'secret' } })
    expect(teams).toMatchObject({ piece: 'teams', instance: 'teams', label: 'Microsoft Teams', identity: { by: 'email' } })
    expect(teams.supportsKind('question')).toBe(true)
    expect(teams.supportsKind('pick-file')).toBe(false)
    expect(teams.describe?.({ agentSlug: 'planner', webhookPath: '/api/webhooks/teams' })).toEqual(["channel teams: Microsoft Teams for agent planner, webhook /api/webhooks/teams (the Azure Bot's messaging endpoint)"])
    expect(teamsSettings({ env: { TEAMS_APP_ID: 'app-1', TEAMS_APP_PASSWORD: 'secret' } })).toEqual({
      instance: 'teams',
      appId: 'app-1',
      appPassword: 'secret',
      openIdMetadataUrl: BOT_FRAMEWORK_OPENID_METADATA,
      tokenUrl: 'https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token'
    })
    const env = { TEAMS_APP_ID: 'app-1', TEAMS_APP_PASSWORD: 'secret', TEAMS_APP_TENANT_ID: 'tenant-1', TEAMS_API_URL: 'http://127.0.0.1:1/', TEAMS_OPENID_METADATA_URL: 'http://127.0.0.1:2/openid', TEAMS_TOKEN_URL: 'http://127.0.0.1:3/token' }
    expect(teamsSettings({ env })).toEqual({ instance: 'teams', appId: 'app-1', appPassword: 'secret', appTenantId: 'tenant-1', apiUrl: 'http://127.0.0.1:1/', openIdMetadataUrl: 'http://127.0.0.1:2/openid', tokenUrl: 'http://127.0.0.1:3/token' })
    expect(teamsSettings({ env: { ...env, TEAMS_TOKEN_URL: undefined } }).tokenUrl).toBe('https://login.microsoftonline.com/tenant-1/oauth2/v2.0/token')
    expect(createMicrosoftTeams({ instance: 'teams-support', appId: 'a', appPassword: 'p', label: 'Support Teams', env: {} })).toMatchObject({ instance: 'teams-support', label: 'Support Teams' })
  })

  it('refuses to start without an app id or password, with a URL that is not http(s) or an instance name that is not URL-safe, naming each problem', () => {
    expect(problemsOf(() => createMicrosoftTeams({ instance: 'Teams/Ops', tokenUrl: 'login.microsoftonline.com', env: { TEAMS_OPENID_METADATA_URL: 'ftp://x' } }))).toEqual([
      'createMicrosoftTeams.instance: "Teams/Ops" must be 1–64 lowercase letters, digits, "-" or "_" (the last segment of /api/webhooks/<instance>)',
      "createMicrosoftTeams.appId: set TEAMS_APP_ID to the bot's Microsoft App ID (Azure Bot → Configuration), or pass { appId }",
      'createMicrosoftTeams.appPassword: set TEAMS_APP_PASSWORD to a client secret of the app (App registration → Certificates & secrets), or pass { appPassword }',
      'createMicrosoftTeams.openIdMetadataUrl: "ftp://x" must be an http(s) URL (TEAMS_OPENID_METADATA_URL)',
      'createMicrosoftTeams.tokenUrl: "login.microsoftonline.com" must be an http(s) URL (TEAMS_TOKEN_URL)'
    ])
  })

  it('takes an app id, secret or tenant of nothing but whitespace for a missing one, naming its variable', () => {
    expect(configProblems(() => createMicrosoftTeams({ env: { TEAMS_APP_ID: ' ', TEAMS_APP_PASSWORD: ' \t ' } }))).toEqual(configProblems(() => createMicrosoftTeams({ env: {} })))
    expect(teamsSettings({ env: { TEAMS_APP_ID: 'app-1', TEAMS_APP_PASSWORD: 'secret', TEAMS_APP_TENANT_ID: '  ' } })).not.toHaveProperty('appTenantId')
    expect(teamsSettings({ env: { TEAMS_APP_ID: 'app-1', TEAMS_APP_PASSWORD: 'secret', TEAMS_APP_TENANT_ID: '  ' } }).tokenUrl).toBe('https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token')
  })
})
