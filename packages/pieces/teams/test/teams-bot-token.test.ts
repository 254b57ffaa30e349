import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { inThread, nextId } from './teams-activities.ts'
import { ADA, standIn, teamsKit } from './teams-kit.ts'

// The bot's own token for Bot Connector calls comes from TEAMS_TOKEN_URL by client credentials:
// asked once and reused while it lasts; credentials the endpoint refuses are logged with what to
// check, and nothing is posted with them.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

describe("the Teams bot's own token", () => {
  it('is asked of the token endpoint once, for the Bot Connector scope, and sent with every call while it lasts', async () => {
    const teams = await standIn()
    const kit = await teamsKit({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Asking.'), textStep('Blue.')]), teams })
    open.push(teams, kit)
    const root = nextId()
    await kit.say({ from: ADA, text: 'paint the shed', where: inThread(root), id: root })
    const [card] = teams.cards()
    await kit.submit({ from: ADA, card: card.id, where: inThread(root), value: { actionId: 'frogbot_submit', q0: '1' } })
    expect(teams.calls.length).toBeGreaterThanOrEqual(4)
    expect(teams.counts.tokenRequests).toBe(1)
    expect(new Set(teams.calls.map((call) => call.token)).size).toBe(1)
    expect(teams.calls.every((call) => call.status < 300)).toBe(true)
  })

  it('logs a secret the token endpoint refuses with what to check, and posts nothing with it', async () => {
    const teams = await standIn()
    const kit = await teamsKit({ model: scriptedModel([textStep('Never said.')]), teams, options: { appPassword: 'not-the-secret' } })
    open.push(teams, kit)
    const root = nextId()
    expect((await kit.say({ from: ADA, text: 'paint the shed', where: inThread(root), id: root })).status).toBe(200)
    // Without the bot's token the roster cannot be read either, so Ada is not matched and refused.
    expect(teams.calls).toEqual([])
    expect(teams.counts.tokenRequests).toBeGreaterThan(0)
    expect(await kit.chats()).toEqual([])
    const remedy = "refused the app's credentials (invalid_client: AADSTS7000215: Invalid client secret provided.); check TEAMS_APP_ID, TEAMS_APP_PASSWORD and TEAMS_APP_TENANT_ID"
    expect(kit.logs.splice(0)).toContainEqual(expect.stringMatching(new RegExp(`could not look ${ADA.name} .* up in the conversation's roster: the token endpoint .* ${remedy.replace(/[()$.]/g, '\\$&')}`)))
  })
})
