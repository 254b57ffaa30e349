import { describe, expect, it } from 'vitest'
import { withoutAtMentions } from './without-at-mentions.ts'

describe('withoutAtMentions', () => {
  it('takes out whole mentions of the names, in any letter case, and trims', () => {
    expect(withoutAtMentions('@frogbot-bot please **paint** it, and ask @FROGBOT-BOT[bot] too; not @frogbot-botanist', ['frogbot-bot', 'frogbot-bot[bot]'])).toBe('please **paint** it, and ask  too; not @frogbot-botanist')
    expect(withoutAtMentions('  @FrogBot hello @frogbot ', ['FrogBot'])).toBe('hello')
  })

  it('leaves emails, other mentions, longer names and text without names as they are', () => {
    expect(withoutAtMentions('mail ada@frogbot, @@frogbot, @frogbot-two, @frogbots', ['frogbot'])).toBe('mail ada@frogbot, @@frogbot, @frogbot-two, @frogbots')
    expect(withoutAtMentions(' hi @x.y ', [])).toBe('hi @x.y')
    expect(withoutAtMentions('ask @x.y and @xzy', ['x.y'])).toBe('ask  and @xzy')
  })
})
