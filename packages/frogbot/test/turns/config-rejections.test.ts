import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type AnyTool, buildConfig, ConfigError, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { pickFile } from './turn-test-kit.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

/** The `ConfigError` that `run` throws (the test fails if it throws anything else, or nothing). */
async function configErrorOf(run: () => unknown): Promise<ConfigError> {
  try {
    await run()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('expected a ConfigError, but nothing was thrown')
}

const withExecute = { ...pickFile, slug: 'with_execute', execute: async () => ({ file: 'a.txt' }) } as unknown as AnyTool
const emptyKind = { ...pickFile, slug: 'empty_kind', client: { kind: '' } } as AnyTool
const blankKind = { ...pickFile, slug: 'blank_kind', client: { kind: '   ' } } as AnyTool
const noOutputSchema = { ...pickFile, slug: 'no_output_schema', outputSchema: undefined } as unknown as AnyTool

describe('buildConfig rejects bad client tools with one error listing every problem', () => {
  it('execute, an empty kind and a missing outputSchema, each with its path', async () => {
    const error = await configErrorOf(() =>
      buildConfig({
        tools: [question, withExecute],
        agents: [{ slug: 'planner', model: 'fast', tools: [emptyKind, noOutputSchema, blankKind] }]
      })
    )
    expect(error.code).toBe('invalid-config')
    expect(error.problems).toHaveLength(4)
    expect(error.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^tools\[1\]\.execute: /),
        expect.stringMatching(/^agents\[0\]\.tools\[0\]\.client\.kind: /),
        expect.stringMatching(/^agents\[0\]\.tools\[1\]\.outputSchema: /),
        expect.stringMatching(/^agents\[0\]\.tools\[2\]\.client\.kind: /)
      ])
    )
    for (const problem of error.problems) expect(error.message).toContain(problem)
  })

  it('duplicate agent slugs and duplicate tool slugs are reported together with tool problems', async () => {
    const error = await configErrorOf(() =>
      buildConfig({
        agents: [
          { slug: 'planner', model: 'fast', tools: [question] },
          { slug: 'planner', model: 'fast', tools: [pickFile, pickFile] },
          { slug: 'writer', model: 'fast', tools: [emptyKind] }
        ]
      })
    )
    expect(error.problems).toEqual(
      expect.arrayContaining([
        'agents[1].slug: "planner" is used twice',
        'agents[1].tools[1].slug: "pick_file" is used twice',
        expect.stringMatching(/^agents\[2\]\.tools\[0\]\.client\.kind: /)
      ])
    )
    expect(error.problems).toHaveLength(3)
  })

  it('an unknown model provider and a model without id are reported with the other problems, not only once they are fixed', async () => {
    const error = await configErrorOf(() =>
      buildConfig({
        agents: [
          { slug: 'planner', model: 'nope/xyz', tools: [emptyKind] },
          { slug: 'planner', model: 'openai/' },
          { slug: 'writer', model: 'frogbot/demo' }
        ],
        ai: { models: { fast: 'elsewhere/some-model', smart: 'anthropic/claude-sonnet-4-5' } }
      })
    )
    expect(error.problems).toEqual([
      'agents[0].model: "nope/xyz" names an unknown provider "nope"; use openai, anthropic, google or openai-compatible',
      expect.stringMatching(/^agents\[0\]\.tools\[0\]\.client\.kind: /),
      'agents[1].slug: "planner" is used twice',
      'agents[1].model: "openai/" has no model id after "openai/"',
      'ai.models.fast: "elsewhere/some-model" names an unknown provider "elsewhere"; use openai, anthropic, google or openai-compatible'
    ])
  })

  it('accepts the seed sample client tool and question, and a server tool with execute', () => {
    const lookup = { slug: 'lookup', description: 'Look up.', inputSchema: z.object({ q: z.string() }), execute: () => 'ok' }
    const config = buildConfig({ tools: [question], agents: [{ slug: 'planner', model: 'fast', tools: [pickFile, lookup] }] })
    expect(config.agents[0].slug).toBe('planner')
    expect(config.warnings).toEqual([])
  })
})

describe('createFrogbot rejects a model it cannot resolve', () => {
  it('names the agent, the model and the missing provider when no provider is configured', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const config = buildConfig({
      agents: [
        { slug: 'planner', model: 'fast', tools: [question] },
        { slug: 'writer', model: 'openai/gpt-4.1' },
        { slug: 'critic', model: 'anthropic/claude-sonnet-4-5' }
      ],
      db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') })
    })
    const error = await configErrorOf(() => createFrogbot(config, { env: {}, log: () => {} }))
    expect(error.problems).toEqual([
      expect.stringMatching(/^agents\[1\]\.model: "openai\/gpt-4\.1" .*OPENAI_API_KEY/),
      expect.stringMatching(/^agents\[2\]\.model: "anthropic\/claude-sonnet-4-5" .*ANTHROPIC_API_KEY/)
    ])
  })

  it('with no provider, an alias is the offline demo model rather than an error', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) })
    const frogbot = await createFrogbot(config, { env: {}, log: () => {} })
    cleanups.push(frogbot.close)
    expect(frogbot.describe().join('\n')).toMatch(/agent planner: model .*demo/)
  })
})

describe('a provider base URL that is not an http(s) URL is a config problem, not a 502 on every message', () => {
  it('OPENAI_COMPATIBLE_BASE_URL=notaurl is refused at start-up, naming the variable and the rule', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) })
    const error = await configErrorOf(() => createFrogbot(config, { env: { OPENAI_COMPATIBLE_BASE_URL: 'notaurl' }, log: () => {} }))
    expect(error.problems).toEqual([
      'OPENAI_COMPATIBLE_BASE_URL: "notaurl" must be an http:// or https:// URL of the provider\'s API, e.g. http://localhost:11434/v1 for Ollama'
    ])
    expect(error.message).toContain('OPENAI_COMPATIBLE_BASE_URL')
  })

  it('another scheme is refused too; an http URL starts, its aliases naming OPENAI_COMPATIBLE_MODEL', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const config = buildConfig({ agents: [{ slug: 'planner', model: 'smart', tools: [question] }], db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) })
    const refused = await configErrorOf(() => createFrogbot(config, { env: { OPENAI_COMPATIBLE_BASE_URL: 'ftp://localhost:11434/v1' }, log: () => {} }))
    expect(refused.problems).toEqual([expect.stringMatching(/^OPENAI_COMPATIBLE_BASE_URL: "ftp:\/\/localhost:11434\/v1" must be an http:\/\/ or https:\/\/ URL/)])
    const frogbot = await createFrogbot(config, { env: { OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1', OPENAI_COMPATIBLE_MODEL: 'qwen3' }, log: () => {} })
    cleanups.push(frogbot.close)
    expect(frogbot.describe().join('\n')).toMatch(/agent planner: model openai-compatible\/qwen3/)
  })

  it('a base URL in ai.providers is checked by buildConfig, with its path', async () => {
    const error = await configErrorOf(() =>
      buildConfig({
        agents: [{ slug: 'planner', model: 'fast' }],
        ai: { providers: { openai: { apiKey: 'k', baseURL: 'api.openai.com/v1' }, openaiCompatible: { baseURL: 'localhost:11434' } } }
      })
    )
    expect(error.problems).toEqual([
      'ai.providers.openai.baseURL: "api.openai.com/v1" must be an http:// or https:// URL of the provider\'s API',
      'ai.providers.openaiCompatible.baseURL: "localhost:11434" must be an http:// or https:// URL of the provider\'s API, e.g. http://localhost:11434/v1 for Ollama'
    ])
  })
})

describe('buildConfig: no option is silently ignored', () => {
  const sendInvoice = { slug: 'send_invoice', description: 'Send an invoice.', inputSchema: z.object({ to: z.string() }), execute: async () => ({ sent: true }) }

  it('an unknown key anywhere is a problem naming its path and the nearest known key', async () => {
    const error = await configErrorOf(() =>
      buildConfig({
        colour: 'green',
        ai: { modles: {} },
        auth: { sessionMaxAgee: 60 },
        agents: [{ slug: 'planner', model: 'fast', acess: () => true, profile: { nmae: 'Planner' }, tools: [{ ...sendInvoice, neddsApproval: true }, { ...pickFile, client: { ...pickFile.client, vaildate: () => true } }] }]
      } as never)
    )
    expect(error.problems).toEqual(
      expect.arrayContaining([
        'colour: unknown option; the options here are agents, tools, ai, db, secret, serverURL, auth, http, files, onAwaitingInput, liveStreams, telemetry, notify, mcp',
        'ai.modles: unknown option; did you mean models?',
        'auth.sessionMaxAgee: unknown option; did you mean sessionMaxAge?',
        'agents[0].acess: unknown option; did you mean access?',
        'agents[0].profile.nmae: unknown option; did you mean name?',
        'agents[0].tools[0].neddsApproval: unknown option; did you mean needsApproval?',
        'agents[0].tools[1].client.vaildate: unknown option; did you mean validate?'
      ])
    )
    expect(error.problems).toHaveLength(7)
  })

  it('needsApproval and approval are checked: their types, approval without needsApproval, and neither on a client tool', async () => {
    const error = await configErrorOf(() =>
      buildConfig({
        agents: [
          {
            slug: 'planner',
            model: 'fast',
            tools: [
              { ...sendInvoice, slug: 'a', needsApproval: 'yes' },
              { ...sendInvoice, slug: 'b', approval: { expiresIn: 1000 } },
              { ...sendInvoice, slug: 'c', needsApproval: true, approval: { quorum: { count: 0 }, expiresIn: -1, access: 'boss', escalate: true } },
              { ...pickFile, needsApproval: true }
            ]
          }
        ]
      } as never)
    )
    expect(error.problems).toEqual([
      'agents[0].tools[0].needsApproval: must be true, false or a function ({ input, req, chat }) => boolean',
      'agents[0].tools[1].approval: takes effect only on a tool that needs approval; add needsApproval: true (or a function)',
      'agents[0].tools[2].approval.escalate: unknown option; the options here are access, expiresIn, quorum, assignees',
      'agents[0].tools[2].approval.access: must be a function ({ req, call }) => boolean',
      'agents[0].tools[2].approval.expiresIn: must be a positive number of milliseconds',
      'agents[0].tools[2].approval.quorum.count: must be a whole number of people from 1 to 100',
      "agents[0].tools[3].needsApproval: only for a server tool (with execute); a client tool's call already waits for a person"
    ])
  })

  it('a client tool may not take the kind "approval", which names a server tool waiting for approval', async () => {
    const error = await configErrorOf(() => buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [{ ...pickFile, client: { kind: 'approval' } }] }] }))
    expect(error.problems).toEqual([expect.stringMatching(/^agents\[0\]\.tools\[0\]\.client\.kind: "approval" is the kind of a server tool's call waiting for approval/)])
  })
})
