import { configProblems } from 'frogbot/testing'
import { describe, expect, it } from 'vitest'
import { createDiscord, DISCORD_API } from '../src/index.ts'
import { KEYS } from './discord-requests.ts'
import { APPLICATION_ID, BOT_TOKEN } from './discord-stand-in.ts'

// Setup mistakes (docs/pieces/discord.md, the variables): a ConfigError that names each missing or
// malformed setting and where to find it; Discord's usual variables are the defaults.

const env = { DISCORD_APPLICATION_ID: APPLICATION_ID, DISCORD_PUBLIC_KEY: KEYS.publicKey, DISCORD_BOT_TOKEN: BOT_TOKEN }

describe('setting the Discord piece up', () => {
  it('names each missing credential and where the Developer Portal shows it', () => {
    expect(configProblems(() => createDiscord({ env: {} }))).toEqual([
      expect.stringMatching(/^createDiscord\.applicationId: set DISCORD_APPLICATION_ID .*General Information/),
      expect.stringMatching(/^createDiscord\.publicKey: set DISCORD_PUBLIC_KEY .*General Information/),
      expect.stringMatching(/^createDiscord\.botToken: set DISCORD_BOT_TOKEN .*Bot → Reset Token/)
    ])
  })

  it('refuses a malformed application id, public key, API URL, instance or id list', () => {
    expect(configProblems(() => createDiscord({ env: { ...env, DISCORD_APPLICATION_ID: 'my-app', DISCORD_PUBLIC_KEY: 'abc', DISCORD_API_URL: 'ftp://example.com', DISCORD_RESPOND_TO_CHANNEL_IDS: '123, general' }, instance: 'Discord Main', mentionRoleIds: ['@planners'] }))).toEqual([
      expect.stringContaining('createDiscord.instance: "Discord Main" must be 1–64 lowercase letters'),
      expect.stringContaining('createDiscord.applicationId: "my-app" must be the application\'s id, digits only'),
      'createDiscord.publicKey: the public key must be 64 hexadecimal digits, as the Developer Portal shows it (DISCORD_PUBLIC_KEY)',
      'createDiscord.apiUrl: "ftp://example.com" must be an http(s) URL (DISCORD_API_URL)',
      'createDiscord.mentionRoleIds: "@planners" must be Discord ids, digits only',
      'createDiscord.respondToChannelIds: "general" must be Discord ids, digits only'
    ])
  })

  it("reads Discord's usual variables, names itself discord, and tells its webhook at start-up", () => {
    const piece = createDiscord({ env })
    expect([piece.piece, piece.instance, piece.label, piece.identity.by]).toEqual(['discord', 'discord', 'Discord', 'platform-id'])
    expect(piece.listen).toBeTypeOf('function')
    expect(piece.supportsKind('question')).toBe(true)
    expect(piece.supportsKind('pick-file')).toBe(false)
    expect(piece.describe?.({ agentSlug: 'planner', webhookPath: '/api/webhooks/discord' })).toEqual([
      "channel discord: Discord for agent planner, webhook /api/webhooks/discord (the application's Interactions Endpoint URL), messages through the Gateway"
    ])
    expect(createDiscord({ env, instance: 'discord-eu', label: 'Discord EU' })).toMatchObject({ instance: 'discord-eu', label: 'Discord EU' })
    expect(DISCORD_API).toBe('https://discord.com/api/v10')
  })

  it('takes a credential of nothing but whitespace for a missing one, naming its variable', () => {
    expect(configProblems(() => createDiscord({ env: { DISCORD_APPLICATION_ID: '  ', DISCORD_PUBLIC_KEY: ' \t ', DISCORD_BOT_TOKEN: '   ' } }))).toEqual(configProblems(() => createDiscord({ env: {} })))
  })
})
