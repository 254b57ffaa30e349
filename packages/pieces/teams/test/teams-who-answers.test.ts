import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { inThread, nextId, threadOf } from './teams-activities.ts'
import { ADA, BOB, EVE, teamsKit } from './teams-kit.ts'
import { teamsStandIn } from './teams-stand-in.ts'

// Who can answer (docs/pieces/teams.md): the participant's email comes from the
// conversation's roster (clicks carry none), is matched to a FrogBot user, then the agent's
// access decides. A refused participant is told privately, the question stays open.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const GUEST = { id: '29:1guest', name: 'A Guest' }

async function asked() {
  const teams = await teamsStandIn({ users: [ADA, BOB, EVE, GUEST] })
  const kit = await teamsKit({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')]), teams })
  open.push(teams, kit)
  const root = nextId()
  await kit.say({ from: ADA, text: 'paint the shed', where: inThread(root), id: root })
  const [card] = teams.cards()
  const click = (from: { id: string; name: string }, q0 = '1') => kit.submit({ from, card: card.id, where: inThread(root), value: { actionId: 'frogbot_submit', q0 } })
  return { teams, kit, root, card, click, state: async () => (await kit.chats())[0].chat.state }
}

describe('who can answer in Teams', () => {
  it("looks a clicker up in the conversation's roster once, and answers as the FrogBot user of their email", async () => {
    const { teams, kit, click, state } = await asked()
    const lookups = teams.memberLookups()
    await click(BOB, '7')
    expect(teams.memberLookups()).toBe(lookups + 1)
    await click(BOB)
    expect(teams.memberLookups()).toBe(lookups + 1)
    expect(await state()).toBe('idle')
    expect((await kit.chats())[0].messages.at(-1)?.settlements).toMatchObject([{ by: { channel: { piece: 'teams', userId: BOB.id, name: BOB.name }, userId: kit.bob.id } }])
  })

  it('tells a participant whose email matches no FrogBot user, privately, and logs once how to let them in; the question stays open', async () => {
    const { teams, kit, click, state, root, card } = await asked()
    await click(EVE)
    await click(EVE, '0')
    expect(teams.targeted()).toEqual([
      { to: EVE.id, conversationId: threadOf(root), text: 'You may not answer this question: this agent does not accept you. No FrogBot user has the email of your account here; ask whoever runs this FrogBot to add you.' },
      { to: EVE.id, conversationId: threadOf(root), text: expect.stringContaining('You may not answer this question') }
    ])
    expect(kit.logs.splice(0)).toEqual([`frogbot: teams teams: refused ${EVE.name} (${EVE.id}): no FrogBot user has the email ${EVE.email}; \`npx frogbot users create --email ${EVE.email}\` lets them in (with the default access)`])
    expect(await state()).toBe('awaiting')
    expect(teams.updatesOf(card.id)).toEqual([])
  })

  it('refuses a participant the roster gives no email (a guest) or does not know, saying their email is not shared', async () => {
    const { teams, kit, click, state } = await asked()
    await click(GUEST)
    await click({ id: '29:1stranger', name: 'Stranger' })
    expect(teams.targeted().map((notice) => [notice.to, notice.text])).toEqual([
      [GUEST.id, expect.stringContaining('Your email is not shared with FrogBot')],
      ['29:1stranger', expect.stringContaining('Your email is not shared with FrogBot')]
    ])
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining(`refused ${GUEST.name} (${GUEST.id}): the platform gave no email`), expect.stringContaining('refused Stranger (29:1stranger): the platform gave no email')])
    expect(await state()).toBe('awaiting')
  })

  it("logs a roster lookup that failed and refuses the clicker meanwhile, telling them to try again (not that their email is not shared); the question stays open", async () => {
    const { teams, kit, click, state } = await asked()
    teams.failNext(503, 'ServiceUnavailable', (call) => call.resource === 'members')
    await click(BOB)
    // Within the minute the miss is kept, a second click is told the same, and not logged again.
    await click(BOB)
    expect(kit.logs.splice(0)).toEqual([
      expect.stringMatching(new RegExp(`could not look ${BOB.name} \\(${BOB.id}\\) up in the conversation's roster: .*tried again within a minute`)),
      expect.stringMatching(new RegExp(`refused ${BOB.name} \\(${BOB.id}\\): Microsoft Teams could not be reached to look them up \\(the roster lookup: .*\\), so no FrogBot user could be matched; they are told to try again shortly$`))
    ])
    const notice = 'FrogBot could not check who you are right now, so your answer was not taken; try again shortly.'
    expect(teams.targeted().map((told) => [told.to, told.text])).toEqual([
      [BOB.id, notice],
      [BOB.id, notice]
    ])
    expect(await state()).toBe('awaiting')
  })

  it("a roster lookup the Bot Connector refuses (401) is logged as the app's credentials, naming TEAMS_APP_PASSWORD, and the clicker is told to try again", async () => {
    const { teams, kit, click, state } = await asked()
    teams.failNext(401, 'Unauthorized', (call) => call.resource === 'members')
    await click(BOB)
    expect(kit.logs.splice(0)).toEqual([
      expect.stringContaining(`could not look ${BOB.name} (${BOB.id}) up in the conversation's roster`),
      expect.stringMatching(new RegExp(`refused ${BOB.name} \\(${BOB.id}\\): Microsoft Teams refused the piece's credentials when FrogBot looked them up \\(the roster lookup: .*\\), so no FrogBot user could be matched; check TEAMS_APP_ID, TEAMS_APP_PASSWORD and TEAMS_APP_TENANT_ID`))
    ])
    expect(teams.targeted().map((told) => told.text)).toEqual(['FrogBot could not check who you are right now, so your answer was not taken; try again shortly.'])
    expect(await state()).toBe('awaiting')
  })

  it('a targeted message Teams refuses is told as a short reply naming the participant instead, and logged', async () => {
    const { teams, kit, click, root } = await asked()
    teams.failNext(400, 'BadArgument', (call) => call.targeted)
    await click(EVE)
    expect(teams.messages().at(-1)).toMatchObject({ conversationId: threadOf(root), text: `${EVE.name}: You may not answer this question: this agent does not accept you. No FrogBot user has the email of your account here; ask whoever runs this FrogBot to add you.` })
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining(`refused ${EVE.name}`), expect.stringContaining(`could not send ${EVE.name} a targeted message`)])
  })
})
