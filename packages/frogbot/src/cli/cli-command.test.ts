import { describe, expect, it } from 'vitest'
import { cliCommand } from './cli-command.ts'

describe('cliCommand', () => {
  it('is npx frogbot where the command was typed in the folder it runs in, or outside it', () => {
    expect(cliCommand('users list', { cwd: '/app', initCwd: '/app' })).toBe('npx frogbot users list')
    expect(cliCommand('users list', { cwd: '/app' , initCwd: undefined })).toBe('npx frogbot users list')
    expect(cliCommand('users list', { cwd: '/tmp/run', initCwd: '/home/ada/repo' })).toBe('npx frogbot users list')
  })

  it("goes into the workspace first when npm start was typed at a monorepo's root", () => {
    expect(cliCommand('users password --email demo@frogbot.local', { cwd: '/repo/examples/planner', initCwd: '/repo' })).toBe('(cd examples/planner && npx frogbot users password --email demo@frogbot.local)')
  })
})
