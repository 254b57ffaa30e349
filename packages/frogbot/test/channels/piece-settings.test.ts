import { describe, expect, it } from 'vitest'
import { httpUrl, readSettings, type Setting } from '../../src/channels/index.ts'
import { configProblems } from '../../src/testing/index.ts'

const TABLE = [
  { option: 'token', env: 'TOY_TOKEN', hint: 'set TOY_TOKEN to the bot token, or pass { token }', rule: [/^t-\w+$/, () => 'TOY_TOKEN must start with "t-"'] },
  { option: 'apiUrl', env: 'TOY_API_URL', fallback: 'https://toy.example', rule: httpUrl((url) => `"${url}" is not an http(s) address`) },
  { option: 'roomIds', env: 'TOY_ROOM_IDS', list: true, rule: [/^\d+$/, (id) => `"${id}" is not a room id`] },
  { option: 'nickname', env: 'TOY_NICKNAME' }
] as const satisfies readonly Setting[]
const read = (options: Record<string, unknown>) => readSettings({ factory: 'createToy', instance: 'toy' }, TABLE, options)

describe('readSettings (the kit reads a piece’s settings table)', () => {
  it('takes the option, else the variable, else the fallback; trims; splits a list', () => {
    expect(read({ env: { TOY_TOKEN: ' t-1 ', TOY_ROOM_IDS: '1, 2,,', TOY_NICKNAME: '  ' } })).toEqual({ instance: 'toy', token: 't-1', apiUrl: 'https://toy.example', roomIds: ['1', '2'], nickname: undefined })
    expect(read({ token: 't-2', roomIds: [3], instance: 'toy-2', env: { TOY_TOKEN: 't-1' } })).toMatchObject({ instance: 'toy-2', token: 't-2', roomIds: ['3'] })
  })

  it('names every problem in one ConfigError: the instance rule it owns, each missing setting, each broken rule, then the piece’s own', () => {
    expect(configProblems(() => read({ instance: 'Toy/1', apiUrl: 'ftp://x', env: { TOY_TOKEN: '\t', TOY_ROOM_IDS: 'a,2' } }))).toEqual([
      'createToy.instance: "Toy/1" must be 1–64 lowercase letters, digits, "-" or "_" (the last segment of /api/webhooks/<instance>)',
      'createToy.token: set TOY_TOKEN to the bot token, or pass { token }',
      'createToy.apiUrl: "ftp://x" is not an http(s) address',
      'createToy.roomIds: "a" is not a room id'
    ])
    expect(configProblems(() => readSettings({ factory: 'createToy', instance: 'toy' }, TABLE, { env: { TOY_TOKEN: 'x' } }, (_values, problems) => problems.push('createToy: one more')))).toEqual([
      'createToy.token: TOY_TOKEN must start with "t-"',
      'createToy: one more'
    ])
  })
})
