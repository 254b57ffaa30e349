import { DownloadError } from 'ai'
import { describe, expect, it } from 'vitest'
import { scriptedModel, textStep } from '../testing/scripted-model.ts'
import { resolveAgents } from './resolve-agents.ts'

// A resolved agent carries its model's download function, set up once from the config's files.download.

const model = scriptedModel([textStep('unused')])
const url = (href: string) => ({ url: new URL(href), isUrlSupportedByModel: false })

describe('resolveAgents: file downloads', () => {
  it('gives every agent a download function that follows files.download', async () => {
    const { agents, problems } = resolveAgents(
      { agents: [{ slug: 'planner', model: 'demo' }, { slug: 'writer', model: 'demo' }], files: { download: { hosts: ['*.example.com'] } } },
      { providers: [], modelOverride: model }
    )
    expect(problems).toEqual([])
    for (const agent of agents) {
      const refused = await Promise.resolve(agent.download([url('https://files.elsewhere.org/plan.md')])).catch((error: unknown) => error)
      expect(DownloadError.isInstance(refused)).toBe(true)
      expect((refused as Error).message).toMatch(/^Not downloaded: the server does not download files from files\.elsewhere\.org /)
      expect(await agent.download([{ ...url('https://files.elsewhere.org/cat.png'), isUrlSupportedByModel: true }])).toEqual([null])
    }
  })

  it('downloads nothing by default: every URL must come inline or be fetched by the model', async () => {
    const [agent] = resolveAgents({ agents: [{ slug: 'planner', model: 'demo' }] }, { providers: [], modelOverride: model }).agents
    expect(agent.files).toEqual({})
    await expect(agent.download([url('https://files.example.com/plan.md')])).rejects.toThrow(/does not download files from files\.example\.com/)
  })
})
