import { describe, expectTypeOf, it } from 'vitest'
import type { Setting } from './piece-settings.ts'
import type { TableOptions } from './table-options.ts'

const TABLE = [
  { option: 'botToken', env: 'BOT_TOKEN', hint: 'set BOT_TOKEN' },
  { option: 'apiUrl', env: 'API_URL' },
  { option: 'allowed', env: 'ALLOWED', list: true }
] as const satisfies readonly Setting[]

describe('TableOptions', () => {
  it("gives each row's option, optional, as a string (a list as string[])", () => {
    expectTypeOf<TableOptions<typeof TABLE>>().toEqualTypeOf<{ botToken?: string; apiUrl?: string; allowed?: string[] }>()
  })
})
