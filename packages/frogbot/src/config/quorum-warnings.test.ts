import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildConfig } from './build-config.ts'

const deleteBranch = {
  slug: 'delete_branch',
  description: 'Delete a git branch.',
  inputSchema: z.object({ branch: z.string() }),
  needsApproval: true,
  execute: async () => ({ deleted: true })
}

const warningsOf = (approval: object, extra: object = {}, where: 'agent' | 'root' = 'agent') => {
  const tool = { ...deleteBranch, approval }
  const agent = { slug: 'ops', model: 'fast', tools: where === 'agent' ? [tool] : [] }
  const root = where === 'root' ? { tools: [tool] } : {}
  return buildConfig({ agents: [agent], ...root, ...extra } as never).warnings
}

describe('a quorum that a web chat cannot gather', () => {
  it('is a start-up warning: the owner alone decides a web chat’s call, so 2 approvals never come', () => {
    expect(warningsOf({ quorum: { count: 2 } })).toEqual([
      'agents[0].tools[0].approval.quorum.count: 2 approvals are needed, but in a web chat only its owner ' +
        'may decide the call (1 person): name the others in approval.assignees (or notify.escalate.to), ' +
        'or its calls in web chats never gather 2 approvals (Stop cancels them); ' +
        'channel conversations are not affected'
    ])
    const root = warningsOf({ quorum: { count: 2 } }, {}, 'root')
    expect(root[0]).toMatch(/^tools\[0\]\.approval\.quorum\.count: 2 approvals/)
  })

  it('counts the assignees and the escalation besides the owner', () => {
    expect(warningsOf({ quorum: { count: 3 }, assignees: ['dana@example.com'] })[0]).toMatch(/\(2 people\)/)
    const both = ['dana@example.com', 'lee@example.com']
    expect(warningsOf({ quorum: { count: 3 }, assignees: both })).toEqual([])
    const escalate = { after: '4h', to: ['lead@example.com'] }
    const notify = { notify: { email: { from: 'frogbot@example.com' }, escalate } }
    expect(warningsOf({ quorum: { count: 2 } }, notify)).toEqual([])
  })

  it('says nothing of one approval, or of assignees a function names (known only when a call waits)', () => {
    expect(warningsOf({ quorum: { count: 1 } })).toEqual([])
    expect(warningsOf({})).toEqual([])
    expect(warningsOf({ quorum: { count: 2 }, assignees: () => ['dana@example.com'] })).toEqual([])
  })
})
