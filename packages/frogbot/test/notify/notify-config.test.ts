import { describe, expect, it } from 'vitest'
import { buildConfig, ConfigError, type FrogbotOptions } from '../../src/index.ts'
import { durationMs } from '../../src/notify/notify-options.ts'
import { question } from '../../src/tools/index.ts'

const agents: FrogbotOptions['agents'] = [{ slug: 'planner', model: 'fast', tools: [question] }]

function problemsOf(notify: unknown): string[] {
  try {
    buildConfig({ agents, notify } as FrogbotOptions)
    return []
  } catch (error) {
    if (!ConfigError.isInstance(error)) throw error
    return error.problems
  }
}

describe('notify in buildConfig (docs/chat/reach-people.md)', () => {
  it('takes the interface of the docs as it is', () => {
    expect(
      problemsOf({
        email: { from: 'FrogBot <frogbot@example.com>' },
        webhook: { url: 'https://hooks.example.com/frogbot', secret: 'a-secret-of-sixteen+' },
        remind: ['15m', '2h', 90_000],
        escalate: { after: '4h', to: ['lead@example.com'] },
        linkTtl: '1d'
      })
    ).toEqual([])
  })

  it('durations: milliseconds, or seconds, minutes, hours and days', () => {
    expect(['90s', '15m', '2h', '1d', 1500, '1.5h'].map(durationMs)).toEqual([90_000, 900_000, 7_200_000, 86_400_000, 1500, 5_400_000])
    expect(['15', '2w', '', '-1s', 0, -5, Number.NaN, null, '0s'].map(durationMs)).toEqual(Array(9).fill(null))
  })

  it('names every wrong field and its rule, and every unknown key', () => {
    expect(
      problemsOf({
        email: { form: 'x' },
        webhook: { url: 'ftp://x', secret: 'short' },
        remind: ['15m', '2 weeks'],
        escalate: { after: 0, to: [] },
        linkTtl: 'forever',
        remnd: []
      })
    ).toEqual([
      'notify.remnd: unknown option; did you mean remind?',
      'notify.email.form: unknown option; did you mean from?',
      "notify.email.from: must be a sender address, such as 'FrogBot <frogbot@example.com>'",
      'notify.webhook.url: must be an http:// or https:// URL',
      'notify.webhook.secret: must be a string of at least 16 characters (it signs every request)',
      `notify.remind[1]: "2 weeks" must be a positive number of milliseconds or a string such as '90s', '15m', '2h', '1d'`,
      "notify.escalate.after: must be a positive number of milliseconds or a string such as '90s', '15m', '2h', '1d'",
      "notify.escalate.to: must be a non-empty array of emails or user ids, such as ['lead@example.com']",
      "notify.linkTtl: must be a positive number of milliseconds or a string such as '90s', '15m', '2h', '1d'"
    ])
    expect(problemsOf('yes')).toEqual(['notify: must be an object { email?, webhook?, remind?, escalate?, linkTtl?, pieces? }'])
    expect(problemsOf({ remind: '15m' })).toEqual(["notify.remind: must be an array of durations, such as ['15m', '2h']"])
  })

  // An escalation to `x\u200b@example.com` was taken, and told nobody: no user can have that email.
  it('notify.escalate.to: an email with a control or invisible character is named; not an id', () => {
    const escalateTo = (to: string[]) => problemsOf({ escalate: { after: '4h', to } })
    const rule = 'an email must not contain control or invisible characters ' +
      '(C0 and C1 controls, DEL, zero-width, bidi controls, soft hyphen, BOM…)'
    expect(escalateTo(['lead@example.com', 'x\u200b@example.com', 'a\u001b[31mb@example.com'])).toEqual([
      `notify.escalate.to[1]: ${rule}; U+200B is one`,
      `notify.escalate.to[2]: ${rule}; U+001B is one`
    ])
    expect(escalateTo(['user_abc', ' Lead@Example.com '])).toEqual([])
  })

  it('notify.pieces: instance names of listed pieces that can send direct messages, each named when it is not one', () => {
    const piece = (instance: string, direct: boolean) => ({ piece: instance, instance, label: instance.toUpperCase(), identity: { by: 'email' as const }, supportsKind: () => true, ...(direct ? { directMessages: { notify: async () => true, settled: async () => {} } } : {}) })
    const withPieces = (pieces: unknown) => {
      try {
        buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece('chat', true), piece('forge', false)] }], notify: { pieces } } as FrogbotOptions)
        return []
      } catch (error) {
        if (!ConfigError.isInstance(error)) throw error
        return error.problems
      }
    }
    expect(withPieces(['chat'])).toEqual([])
    expect(withPieces(['forge', 'nowhere', 'chat', 'chat'])).toEqual([
      'notify.pieces[0]: the FORGE piece "forge" cannot send direct messages; the pieces that can are "chat"',
      'notify.pieces[1]: "nowhere" is no piece instance listed in an agent\'s channels; the pieces that can are "chat"',
      'notify.pieces[3]: "chat" is listed twice'
    ])
    expect(withPieces('chat')).toEqual(["notify.pieces: must be an array of piece instance names, such as ['slack']"])
    expect(problemsOf({ pieces: ['slack'] })).toEqual(['notify.pieces[0]: "slack" is no piece instance listed in an agent\'s channels; no configured piece can (Slack can)'])
  })
})
