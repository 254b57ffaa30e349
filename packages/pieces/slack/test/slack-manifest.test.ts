import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The app manifest the documentation's Slack page (docs/pieces/slack.md) tells people to paste
// must give the piece what it uses, and the page must say the same scopes and events.

const here = import.meta.dirname
const manifest = JSON.parse(readFileSync(join(here, '../slack-app-manifest.json'), 'utf8'))
const slackSection = readFileSync(join(here, '../../../../docs/pieces/slack.md'), 'utf8')

describe('the Slack app manifest', () => {
  it('points Events and Interactivity at the webhook FrogBot serves', () => {
    expect(manifest.settings.event_subscriptions.request_url).toBe('https://YOUR-FROGBOT-HOST/api/webhooks/slack')
    expect(manifest.settings.interactivity).toEqual({ is_enabled: true, request_url: 'https://YOUR-FROGBOT-HOST/api/webhooks/slack' })
    expect(manifest.settings.socket_mode_enabled).toBe(false)
  })

  it('asks for the scopes and events the Slack page lists, and ships in the package', () => {
    const scopes: string[] = manifest.oauth_config.scopes.bot
    const table = slackSection.slice(slackSection.indexOf('| Bot scope |'))
    const listed = [...table.slice(0, table.indexOf('\n\n')).matchAll(/`([a-z_:.]+)`/g)].map((match) => match[1])
    expect([...listed].sort()).toEqual([...scopes].sort())
    for (const event of manifest.settings.event_subscriptions.bot_events) expect(slackSection).toContain(`\`${event}\``)
    expect(JSON.parse(readFileSync(join(here, '../package.json'), 'utf8')).files).toContain('slack-app-manifest.json')
  })
})
