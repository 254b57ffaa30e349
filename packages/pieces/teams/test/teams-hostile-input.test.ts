import { scriptedModel, textStep } from 'frogbot/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { delivery, inPersonalChat, inThread, messageActivity, nextId } from './teams-activities.ts'
import { ADA, standIn, teamsKit, type TeamsKit } from './teams-kit.ts'
import type { TeamsStandIn } from './teams-stand-in.ts'

// Verified activities of every odd shape are answered without a 500 and change nothing they
// should not: Teams sends many activity types the piece does not use, and a sender with a valid
// token could send any body.

let teams: TeamsStandIn
let kit: TeamsKit

beforeAll(async () => {
  teams = await standIn()
  kit = await teamsKit({ model: scriptedModel([textStep('Hello.')]), teams })
})
afterAll(async () => {
  await kit?.close()
  await teams?.close()
})

const base = () => messageActivity(teams, { from: ADA, text: 'x', where: inThread(nextId()) })

describe('odd activities to the Teams webhook', () => {
  it('refuses what Chat SDK would read unchecked with 400, naming it', async () => {
    const malformed: [Record<string, unknown>, string][] = [
      [{ ...base(), type: 'invoke', name: 'adaptiveCard/action' }, 'Refused: an adaptiveCard/action invoke needs value.action.data, an object.'],
      [{ ...base(), type: 'invoke', name: 'adaptiveCard/action', value: { action: { data: 'not an object' } } }, 'Refused: an adaptiveCard/action invoke needs value.action.data, an object.'],
      [{ ...base(), entities: 'nope' }, 'Refused: the activity entities must be a list of objects.'],
      [{ ...base(), attachments: [null] }, 'Refused: the activity attachments must be a list of objects.'],
      [{ ...base(), text: { html: true } }, 'Refused: the activity text must be a string.']
    ]
    for (const [activity, error] of malformed) {
      const answer = await kit.deliver(delivery(teams, activity as { serviceUrl: string }))
      expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual({ status: 400, body: { error, code: 'bad-request' } })
    }
    expect(teams.calls).toEqual([])
  })

  it('reads an activity with a field named problem as any other, not as a refusal (was a 400)', async () => {
    const activity = { ...base(), type: 'typing', problem: 'Refused: nothing.' }
    expect((await kit.deliver(delivery(teams, activity))).status).toBe(200)
  })

  it('answers activities it has no use for below 500, starting nothing', async () => {
    const odd: Record<string, unknown>[] = [
      { ...base(), type: 'invoke', name: 'adaptiveCard/action', value: { action: { data: { actionId: 'frogbot_submit', q0: '0' } } } },
      { ...base(), type: 'invoke', name: 'no/such/invoke', value: {} },
      { ...base(), type: 'conversationUpdate', membersAdded: [{ id: '29:someone' }] },
      { ...base(), type: 'messageReaction', reactionsAdded: [{ type: 'like' }], replyToId: '1' },
      { ...base(), type: 'typing' },
      { ...base(), type: 'message', text: undefined, value: { actionId: 'not_ours' } },
      { ...base(), type: 'message', text: undefined, value: { actionId: 'frogbot_submit', q0: '0' } },
      { ...base(), type: 'message', text: '' },
      { ...messageActivity(teams, { from: ADA, text: 'x'.repeat(100_000), where: inPersonalChat(ADA) }), textFormat: 'xml' }
    ]
    for (const activity of odd) {
      const answer = await kit.deliver(delivery(teams, activity as { serviceUrl: string }))
      expect([activity.type, activity.name, answer.status < 500]).toEqual([activity.type, activity.name, true])
    }
    expect(kit.logs.splice(0)).toEqual([])
    expect(await kit.chats()).toHaveLength(1)
  })
})
