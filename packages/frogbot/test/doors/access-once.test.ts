import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteAdapter } from '../../src/index.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { DOORS, type DoorKit, openDoorKit } from './doors.ts'

// A user's `access` may query a database or a directory: it runs once per answer and once per
// message, through every door (HTTP, the chat UI's resubmission, the CLI, the app's code, a channel
// piece), though the route, the engine and a settle's retries each ask whether the caller may use the agent.

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }

describe("the agent's access runs once per answer and per message, through each door", () => {
  let kit: DoorKit
  let remove: () => void
  beforeAll(async () => {
    const temp = tempDir()
    remove = temp.remove
    const file = join(temp.dir, 'access.db')
    kit = await openDoorKit(() => sqliteAdapter({ filename: file }), temp.dir)
  })
  afterAll(async () => {
    await kit?.frogbot.close()
    remove?.()
  })

  for (const door of DOORS) {
    it(`${door.name}: an answer that continues the turn, a refused answer, and a message`, async () => {
      const { chatId, pending } = await door.ask(kit, `ask ${door.name} access once`)
      kit.accessRuns.count = 0
      expect(await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, output: blue })).toEqual({ kind: 'continued' })
      expect(kit.accessRuns.count).toBe(1)

      const again = await door.ask(kit, `ask ${door.name} access refused`)
      kit.accessRuns.count = 0
      const refused = await door.settle(kit, again.chatId, { toolCallId: again.pending[0].toolCallId, output: blue }, 'mallory')
      expect(refused).toMatchObject({ refused: 'forbidden' })
      expect(kit.accessRuns.count).toBe(1)

      if (!door.send) return
      kit.accessRuns.count = 0
      expect(await door.send(kit, chatId, 'and one more thing')).toMatchObject({ kind: 'complete' })
      expect(kit.accessRuns.count).toBe(1)
    })
  }
})
