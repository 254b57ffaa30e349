import { describe, expect, it } from 'vitest'
import { withoutOwnMentions } from './without-own-mentions.ts'

const OWN = ['28:ABC-1', 'abc-1']

describe('withoutOwnMentions', () => {
  it("takes out the mentions of the bot's own ids, in any letter case, and trims", () => {
    const mentions = [{ id: '28:abc-1', name: 'FrogBot' }, { id: 'ABC-1', name: 'Frog Helper' }]
    expect(withoutOwnMentions(' @FrogBot hi @Frog Helper ', mentions, OWN)).toBe('hi')
  })

  it("leaves others' mentions, mentions without an id or name, and partial mentions", () => {
    const mentions = [{ id: '29:ada', name: 'Ada' }, { name: 'FrogBot' }, { id: '28:abc-1' }]
    expect(withoutOwnMentions('@Ada ask @FrogBot', mentions, OWN)).toBe('@Ada ask @FrogBot')
    const own = [{ id: '28:abc-1', name: 'FrogBot' }]
    expect(withoutOwnMentions('mail ada@FrogBot.example @FrogBot', own, OWN)).toBe('mail ada@FrogBot.example')
  })
})
