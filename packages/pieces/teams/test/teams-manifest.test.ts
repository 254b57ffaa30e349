import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The Teams app package template the piece ships (docs/pieces/teams.md): a manifest for a bot
// in personal chats, teams and group chats, and the two icons Teams asks for.

const folder = join(import.meta.dirname, '../teams-app-manifest')
const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (file: string) => {
  const data = readFileSync(join(folder, file))
  expect(data.subarray(1, 4).toString()).toBe('PNG')
  return [data.readUInt32BE(16), data.readUInt32BE(20)]
}

describe('the Teams app manifest template', () => {
  it("declares a bot in personal chats, teams and group chats whose id is the app's, with placeholders for what each FrogBot fills in", () => {
    expect(manifest).toMatchObject({ manifestVersion: '1.19', id: 'YOUR-TEAMS-APP-ID', validDomains: ['YOUR-FROGBOT-HOST'] })
    expect(manifest.$schema).toBe('https://developer.microsoft.com/json-schemas/teams/v1.19/MicrosoftTeams.schema.json')
    expect(manifest.bots).toEqual([{ botId: 'YOUR-TEAMS-APP-ID', scopes: ['personal', 'team', 'groupChat'], supportsFiles: false, isNotificationOnly: false }])
    expect(manifest.name.short.length).toBeLessThanOrEqual(30)
    expect(manifest.description.short.length).toBeLessThanOrEqual(80)
    expect(manifest.description.full.length).toBeLessThanOrEqual(4000)
    for (const url of Object.values(manifest.developer).filter((value) => String(value).startsWith('http'))) expect(String(url)).toMatch(/^https:\/\/YOUR-FROGBOT-HOST\//)
  })

  it('ships the icons it names: color 192×192, outline 32×32', () => {
    expect(pngSize(manifest.icons.color)).toEqual([192, 192])
    expect(pngSize(manifest.icons.outline)).toEqual([32, 32])
  })
})
