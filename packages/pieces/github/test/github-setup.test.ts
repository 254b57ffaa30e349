import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGithub } from '../src/index.ts'
import { commented, WEBHOOK_SECRET } from './github-deliveries.ts'
import { eventually, githubKit } from './github-kit.ts'
import { configProblems, promptedModel } from 'frogbot/testing'
import { ADA, BOB, BOT, EVE, replyComments, standIn, TOKEN } from './github-people.ts'
import { githubStandIn, type GithubStandIn } from './github-stand-in.ts'

// Setting the piece up (docs/pieces/github.md): what it reads, what it refuses to start without, a
// GitHub App instead of a token, and what the log says when GitHub does not accept it.

describe('createGithub', () => {
  it('reads GITHUB_TOKEN, GITHUB_WEBHOOK_SECRET, GITHUB_BOT_USERNAME and GITHUB_API_URL, and names the piece for people', () => {
    const github = createGithub({ env: { GITHUB_TOKEN: 'ghp_1', GITHUB_WEBHOOK_SECRET: 's', GITHUB_BOT_USERNAME: '@frogbot-bot', GITHUB_API_URL: 'https://ghe.example/api/v3/' } })
    expect(github).toMatchObject({ piece: 'github', instance: 'github', label: 'GitHub', identity: { by: 'platform-id' } })
    expect(github.supportsKind('question')).toBe(true)
    expect(github.supportsKind('pick-file')).toBe(false)
    expect(github.describe?.({ agentSlug: 'planner', webhookPath: '/api/webhooks/github' })).toEqual(['channel github: GitHub for agent planner as @frogbot-bot, webhook /api/webhooks/github'])
    expect(createGithub({ instance: 'github-oss', label: 'GitHub (OSS)', token: 't', webhookSecret: 's', botUsername: 'my-app[bot]', env: {} }).describe?.({ agentSlug: 'a', webhookPath: '/api/webhooks/github-oss' })).toEqual([
      'channel github-oss: GitHub (OSS) for agent a as @my-app, webhook /api/webhooks/github-oss'
    ])
  })

  const RULE = 'a positive whole number, in decimal digits'
  const KEY_FOR_RULES = '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----'

  it('refuses to start without its credentials, the webhook secret or the bot’s login, naming each problem', () => {
    expect(configProblems(() => createGithub({ instance: 'GitHub/Ops', env: {} }))).toEqual([
      'createGithub.instance: "GitHub/Ops" must be 1–64 lowercase letters, digits, "-" or "_" (the last segment of /api/webhooks/<instance>)',
      "createGithub.webhookSecret: set GITHUB_WEBHOOK_SECRET to the webhook's Secret (the repository's or the GitHub App's webhook settings), or pass { webhookSecret }",
      "createGithub.botUsername: set GITHUB_BOT_USERNAME to the login people mention to talk to the agent (the token's account, or the GitHub App's slug), or pass { botUsername }",
      "createGithub.token: set GITHUB_TOKEN to a token of the bot's GitHub account, or GITHUB_APP_ID, GITHUB_PRIVATE_KEY and GITHUB_INSTALLATION_ID for a GitHub App (or pass them)"
    ])
    const rest = { GITHUB_WEBHOOK_SECRET: 's', GITHUB_BOT_USERNAME: 'frogbot-bot' }
    expect(configProblems(() => createGithub({ env: { ...rest, GITHUB_APP_ID: '12' } }))).toEqual([
      "createGithub.privateKey: set GITHUB_PRIVATE_KEY to the GitHub App's private key (its settings, General → Private keys), the whole PEM",
      'createGithub.installationId: set GITHUB_INSTALLATION_ID to the id of the installation on your repositories (the number at the end of its settings page address)'
    ])
    expect(configProblems(() => createGithub({ env: { ...rest, GITHUB_PRIVATE_KEY: 'not a key', GITHUB_INSTALLATION_ID: 'abc' } }))).toEqual([
      "createGithub.appId: set GITHUB_APP_ID to the GitHub App's App ID (its settings, General → About)",
      'createGithub.privateKey: GITHUB_PRIVATE_KEY is not a PEM private key (-----BEGIN RSA PRIVATE KEY----- …)',
      `createGithub.installationId: "abc" is not an installation id (${RULE})`
    ])
    // Read as written, as every whole-number setting: hex, an exponent or a fraction is refused,
    // not read as 16 or 1000.
    const app = { ...rest, GITHUB_APP_ID: '12', GITHUB_PRIVATE_KEY: KEY_FOR_RULES }
    for (const written of ['0x10', '1e3', '12.0', '-5', '0']) {
      const env = { ...app, GITHUB_INSTALLATION_ID: written }
      expect(configProblems(() => createGithub({ env }))).toEqual([
        `createGithub.installationId: ${JSON.stringify(written)} is not an installation id (${RULE})`
      ])
    }
    const spaced = { ...app, GITHUB_INSTALLATION_ID: ' 77 ' }
    expect(configProblems(() => createGithub({ env: spaced }))).toEqual([])
    expect(configProblems(() => createGithub({ env: { ...rest, GITHUB_TOKEN: 't', GITHUB_APP_ID: '12' } }))).toEqual([
      'createGithub: give a token (GITHUB_TOKEN) or a GitHub App (GITHUB_APP_ID, GITHUB_PRIVATE_KEY, GITHUB_INSTALLATION_ID), not both'
    ])
    expect(configProblems(() => createGithub({ env: { ...rest, GITHUB_TOKEN: 't', GITHUB_BOT_USERNAME: 'not a login', GITHUB_API_URL: 'ghe.example' } }))).toEqual([
      'createGithub.botUsername: "not a login" is not a GitHub login',
      'createGithub.apiUrl: "ghe.example" is not an http(s) address (GITHUB_API_URL, such as https://github.example.com/api/v3)'
    ])
    // Options replace the environment's credentials as a whole: a token given is not mixed with an app of the environment.
    expect(configProblems(() => createGithub({ token: 't', env: { ...rest, GITHUB_APP_ID: '12' } }))).toEqual([])
  })

  it('takes a credential, secret or login of nothing but whitespace for a missing one, naming its variable', () => {
    expect(configProblems(() => createGithub({ env: { GITHUB_TOKEN: ' ', GITHUB_WEBHOOK_SECRET: ' \t ', GITHUB_BOT_USERNAME: '  ' } }))).toEqual(configProblems(() => createGithub({ env: {} })))
    const rest = { GITHUB_WEBHOOK_SECRET: 's', GITHUB_BOT_USERNAME: 'frogbot-bot' }
    expect(configProblems(() => createGithub({ env: { ...rest, GITHUB_APP_ID: '12', GITHUB_PRIVATE_KEY: '   ', GITHUB_INSTALLATION_ID: ' ' } }))).toEqual(configProblems(() => createGithub({ env: { ...rest, GITHUB_APP_ID: '12' } })))
    // A blank token beside an app is no token: the app is used, not refused as "both".
    expect(configProblems(() => createGithub({ env: { ...rest, GITHUB_TOKEN: '  ', GITHUB_APP_ID: '12' } }))).toEqual(configProblems(() => createGithub({ env: { ...rest, GITHUB_APP_ID: '12' } })))
  })
})

describe('a GitHub App instead of a token', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } })
  const appBot = { id: 9100, login: 'frogbot-app[bot]', type: 'Bot' as const }
  let github: GithubStandIn

  beforeAll(async () => {
    github = await githubStandIn({ bot: appBot, people: [ADA, BOB, EVE], app: { id: '31337', slug: 'frogbot-app', installationId: 77, publicKey } })
  })
  afterAll(async () => {
    await github?.close()
  })

  it('signs in as the installation (its key written with \\n, as in an environment variable) and talks as its bot', async () => {
    const env = { GITHUB_APP_ID: '31337', GITHUB_PRIVATE_KEY: privateKey.replace(/\n/g, '\\n'), GITHUB_INSTALLATION_ID: '77', GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET, GITHUB_BOT_USERNAME: 'frogbot-app', GITHUB_API_URL: github.url }
    const kit = await githubKit({ model: promptedModel(), github, options: { token: undefined, webhookSecret: undefined, botUsername: undefined, apiUrl: undefined, env } })
    try {
      // The app's own JWT for GET /app, an installation token for the rest.
      expect(github.calls.map((call) => `${call.method} ${call.path} ${call.status}`).sort()).toEqual(['GET /app 200', 'GET /users/frogbot-app%5Bbot%5D 200', 'POST /app/installations/77/access_tokens 201'])
      await kit.comment(ADA, '@frogbot-app hello')
      await eventually(() => expect(replyComments(github).map((comment) => comment.posted)).toEqual(['You said: hello']))
      expect(github.calls.at(-1)).toMatchObject({ method: 'POST', path: '/repos/acme/shed/issues/1/comments', status: 201, auth: expect.stringMatching(/^token ghs_/) })
    } finally {
      await kit.close()
    }
  })
})

describe('what the log says', () => {
  let github: GithubStandIn
  beforeAll(async () => {
    github = await standIn()
  })
  afterAll(async () => {
    await github?.close()
  })

  it('when GITHUB_BOT_USERNAME is not the login GitHub gives the bot', async () => {
    const kit = await githubKit({ model: promptedModel(), github, options: { botUsername: 'frogbot' } })
    try {
      expect(kit.takeLogs(/GITHUB_BOT_USERNAME/)).toEqual([
        `frogbot: github github: GITHUB_BOT_USERNAME is "frogbot", but GitHub says the bot is @${BOT.login}: comments that mention @${BOT.login} are not read; set GITHUB_BOT_USERNAME=${BOT.login}`
      ])
    } finally {
      await kit.close()
    }
  })

  it('when GitHub does not accept the token: once, at start-up; a delivery is still answered, and what could not be posted is logged', async () => {
    const kit = await githubKit({ model: promptedModel(), github, options: { token: 'ghp_revoked' } })
    try {
      expect(kit.takeLogs(/did not accept/)).toEqual([
        "frogbot: github github: GitHub did not accept the token (GITHUB_TOKEN): a token of the bot's account (401: Bad credentials - https://docs.github.com/rest); replies and questions cannot be posted until it does"
      ])
      const { delivery } = commented(github, { user: ADA, association: 'OWNER', number: 1, body: `@${BOT.login} hello` })
      expect((await kit.deliver(delivery)).status).toBe(200)
      await eventually(() => expect(kit.takeLogs(/could not post the reply/)).toEqual([expect.stringContaining('Bad credentials')]))
      expect(github.calls.filter((call) => call.status === 401)).toHaveLength(2)
    } finally {
      await kit.close()
    }
  })

  it('when GitHub cannot be reached: once; the delivery is answered all the same', async () => {
    github.unreachable('refuse')
    const kit = await githubKit({ model: promptedModel(), github, options: { instance: 'github-away' } })
    try {
      expect(kit.takeLogs(/could not reach/)).toEqual([expect.stringMatching(/^frogbot: github github-away: could not reach GitHub's REST API to learn the bot's account \(.+\); asked again within a minute$/)])
      const { delivery } = commented(github, { user: ADA, association: 'OWNER', number: 2, body: `@${BOT.login} hello` })
      expect((await kit.deliver(delivery)).status).toBe(200)
      await eventually(() => expect(kit.takeLogs(/could not post the reply/)).toHaveLength(1))
    } finally {
      github.reachable()
      await kit.close()
    }
  })
})
