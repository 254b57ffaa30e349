import { describe, expect, it, vi } from 'vitest'
import { channelChatLine, pickOutput } from '../../src/cli/answer-command.ts'
import type { TurnServices } from '../../src/turns/services.ts'
import { main } from '../../src/cli/main.ts'

// How `frogbot answer` reads a person's options, and `frogbot help <command>`, in process.

const call = {
  toolName: 'question',
  input: { questions: [{ header: 'Place', question: 'Where?', options: [{ label: 'City' }, { label: 'Mountains' }, { label: '3' }] }] }
}

describe('frogbot answer options', () => {
  it('--pick takes the option numbers `frogbot pending` prints, labels too; --custom alone is a typed answer', () => {
    expect(pickOutput(call, '2', undefined)).toEqual({ answers: [{ header: 'Place', selected: ['Mountains'] }] })
    expect(pickOutput(call, '1, 2', 'and a lake')).toEqual({ answers: [{ header: 'Place', selected: ['City', 'Mountains'], custom: 'and a lake' }] })
    expect(pickOutput(call, 'City', undefined)).toEqual({ answers: [{ header: 'Place', selected: ['City'] }] })
    // A label typed in another case is the option's exact label, when only one option matches so.
    const toppings = { toolName: 'question', input: { questions: [{ header: 'Topping', question: 'Which?', options: [{ label: '🍕Peppers' }, { label: 'Olives' }, { label: 'olives' }] }] } }
    expect(pickOutput(toppings, '🍕PEPPERS', undefined)).toEqual({ answers: [{ header: 'Topping', selected: ['🍕Peppers'] }] })
    expect(pickOutput(toppings, 'olives', undefined)).toEqual({ answers: [{ header: 'Topping', selected: ['olives'] }] })
    // It used to pass `OLIVES` on, and the settle door said "not offered": it matches two labels.
    expect(() => pickOutput(toppings, 'OLIVES', undefined)).toThrow(
      '--pick OLIVES: matches several labels ignoring case ("Olives" is 2, "olives" is 3); ' +
        'type one exactly, or give its number'
    )
    expect(pickOutput(call, undefined, 'By the sea')).toEqual({ answers: [{ header: 'Place', selected: [], custom: 'By the sea' }] })
    expect(() => pickOutput(call, '4', undefined)).toThrow('--pick 4: there is no option 4; `frogbot pending` numbers them 1 to 3')
    expect(() => pickOutput({ toolName: 'pick_file', input: {} }, '1', undefined)).toThrow(/answer with --json/)
    // An approval is decided, not answered: the hint names the flags that do it.
    expect(() => pickOutput({ toolName: 'send_invoice', kind: 'approval', input: {} }, '1', undefined)).toThrow(/this call is "send_invoice": decide it with --approve \[--input JSON\] \[--reason text\] or --deny/)
  })

  it('--pick takes a label holding a comma when the value is exactly one offered label, else splits', () => {
    const options = [{ label: 'Yes, deploy' }, { label: 'Yes' }, { label: 'No' }, { label: '1,2' }]
    const questions = [{ header: 'Deploy', question: 'Now?', options }]
    const deploy = { toolName: 'question', input: { questions } }
    const picked = (pick: string) => pickOutput(deploy, pick, undefined).answers[0].selected
    // It used to pick "Yes" and " deploy", and the settle door refused: `"Yes" was not offered`.
    expect(picked('Yes, deploy')).toEqual(['Yes, deploy'])
    expect(picked(' yes, DEPLOY ')).toEqual(['Yes, deploy'])
    // Anything else splits as before: labels, numbers (even when a label reads `1,2`), a mix.
    expect(picked('Yes,No')).toEqual(['Yes', 'No'])
    expect(picked('1,2')).toEqual(['Yes, deploy', 'Yes'])
    expect(picked('1, No')).toEqual(['Yes, deploy', 'No'])
    expect(picked('Yes, deploy, No')).toEqual(['Yes', 'deploy', 'No'])
  })

  it('--pick YES beside Yes and yes: exact case first, a case-insensitive match only when unique', () => {
    const labels = ['Yes', 'yes', 'No', 'Ship it, now', 'SHIP IT, NOW']
    const options = labels.map((label) => ({ label }))
    const questions = [{ header: 'Deploy', question: 'Now?', options, multiple: true }]
    const deploy = { toolName: 'question', input: { questions } }
    const picked = (pick: string) => pickOutput(deploy, pick, undefined).answers[0].selected
    expect(picked('Yes')).toEqual(['Yes'])
    expect(picked('yes')).toEqual(['yes'])
    expect(picked('no')).toEqual(['No'])
    expect(picked('yes,NO')).toEqual(['yes', 'No'])
    // It said "YES" was not offered: now it says which labels it matches, and their numbers.
    const several = '--pick YES: matches several labels ignoring case ("Yes" is 1, "yes" is 2); '
    expect(() => picked('YES')).toThrow(several)
    expect(() => picked('No, YES')).toThrow(several)
    // The whole value holding a comma, as one label: the same rule.
    expect(picked('Ship it, now')).toEqual(['Ship it, now'])
    expect(() => picked('ship it, now')).toThrow(
      '--pick ship it, now: matches several labels ignoring case ("Ship it, now" is 4, "SHIP IT, NOW" is 5); '
    )
  })

  // `--pick "1,,2"` was read as 1,2 (and "1," as 1): a typo answered something else than meant.
  it('--pick refuses an empty item, naming it; no --pick is no item', () => {
    const how = 'give option numbers or labels separated by single commas (--pick 1,3)'
    expect(() => pickOutput(call, '1,,2', undefined)).toThrow(`--pick "1,,2": item 2 of 3 is empty; ${how}`)
    expect(() => pickOutput(call, '1,', undefined)).toThrow(`--pick "1,": item 2 of 2 is empty; ${how}`)
    expect(() => pickOutput(call, ', City', undefined)).toThrow(`--pick ", City": item 1 of 2 is empty;`)
    expect(() => pickOutput(call, '1, ,2', undefined)).toThrow(`--pick "1, ,2": item 2 of 3 is empty; ${how}`)
    expect(() => pickOutput(call, '', 'text')).toThrow(`--pick "": is empty; ${how}`)
    expect(() => pickOutput(call, '  ', undefined)).toThrow(`--pick "  ": is empty; ${how}`)
    expect(pickOutput(call, undefined, 'By the sea').answers[0].selected).toEqual([])
    expect(pickOutput(call, ' 1 , 2 ', undefined).answers[0].selected).toEqual(['City', 'Mountains'])
  })

  it('frogbot help <command> and <command> --help print that command’s usage; an unknown one is refused', async () => {
    const printed: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line))
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line))
    try {
      expect(await main(['help', 'answer'])).toBe(0)
      expect(printed.at(-1)).toMatch(/^Usage: frogbot answer <chatId> <callId> --email <email>/)
      expect(printed.at(-1)).toContain('the model key (OPENAI_API_KEY, …) must be set in this shell too')
      expect(await main(['pending', '--help'])).toBe(0)
      expect(printed.at(-1)).toMatch(/^Usage: frogbot pending \[--agent <slug>\]/)
      expect(await main(['help', 'nothing'])).toBe(1)
      expect(printed.at(-1)).toMatch(/^frogbot help: no command "nothing"; use one of: serve, migrate/)
    } finally {
      log.mockRestore()
      error.mockRestore()
    }
  })

  it('names the platform, piece, instance and thread of a channel conversation, which it leaves to its thread', () => {
    const chat = { id: 'chat_1', agentSlug: 'planner', ownerId: null, title: null, state: 'awaiting', leaseOwner: null, leaseUntil: null, stopRequestedAt: null, version: 1, createdAt: '', updatedAt: '' } as const
    // The config has one piece, instance "support" (only its label is read).
    const services = { pieces: new Map([['support', { piece: { piece: 'slack', label: 'Slack' }, agentSlug: 'planner' }]]) } as unknown as Pick<TurnServices, 'pieces'>
    expect(channelChatLine(services, { ...chat, channel: { piece: 'slack', instance: 'support', account: 'T1', thread: 'C1:1700000000.000100\u001b[2J' } })).toBe(
      'channel chat: chat chat_1 is a Slack conversation (piece slack, instance support, thread C1:1700000000.000100?[2J): answer it in that thread; `frogbot answer` settles web chats only'
    )
    expect(channelChatLine(services, { ...chat, channel: { piece: 'discord', instance: 'old-discord', account: null, thread: '42' } })).toBe(
      'channel chat: chat chat_1 is a Discord conversation (piece discord, instance old-discord, not in this config, thread 42): answer it in that thread; `frogbot answer` settles web chats only'
    )
    expect(channelChatLine(services, { ...chat, channel: null })).toBeNull()
  })
})
