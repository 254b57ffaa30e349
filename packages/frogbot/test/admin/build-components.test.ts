import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { adminComponents } from '../../src/admin/admin-components.ts'
import { buildComponents, componentFile, staleReason } from '../../src/admin/build-components.ts'
import { componentToolsOf } from '../../src/admin/component-tools.ts'
import { pickFile } from '../seed/pick-file.seed.ts'

const root = mkdtempSync(join(tmpdir(), 'frogbot-components-'))
mkdirSync(join(root, 'components'))
writeFileSync(
  join(root, 'components/PickFileCard.tsx'),
  "import { useState } from 'react'\nexport function PickFileCard({ input }: { input: { files: string[] } }) {\n  const [n] = useState(0)\n  return <p>{input.files.join(', ')} {n}</p>\n}\n"
)
afterAll(() => rmSync(root, { recursive: true, force: true }))

const tools = [{ name: 'pick_file', kind: 'pick-file', component: '/components/PickFileCard#PickFileCard' }]

describe('client tool components for the admin chat', () => {
  it("are the config's client tools that name a component", () => {
    expect(componentToolsOf({ agents: [{ slug: 'planner', model: 'fast', tools: [pickFile] }] } as never)).toEqual(tools)
  })

  it('are found as .tsx/.ts/.jsx/.js files of the app folder, never outside it', () => {
    expect(componentFile(root, '/components/PickFileCard#PickFileCard')).toBe(join(root, 'components/PickFileCard.tsx'))
    expect(componentFile(root, '/components/Missing#Missing')).toBeNull()
    expect(componentFile(root, '/../etc/passwd#x')).toBeNull()
  })

  it('bundle with React left to the import map, and tell when the bundle is stale', async () => {
    expect(staleReason(root, tools)).toMatch(/does not exist/)
    const { file, problems } = await buildComponents({ root, tools: [...tools, { name: 'other', kind: 'other', component: '/components/Missing#Missing' }] })
    expect(problems).toEqual([expect.stringMatching(/^other: component \/components\/Missing#Missing: no file components\/Missing\.tsx/)])
    const code = readFileSync(file, 'utf8')
    expect(code).toMatch(/from "react\/jsx-runtime"/)
    expect(code).toMatch(/from "react"/)
    expect(code).toContain('"/components/PickFileCard#PickFileCard"')
    expect(code).not.toContain('react.production')
    expect(staleReason(root, tools)).toBe('the config names other components')

    await buildComponents({ root, tools })
    expect(staleReason(root, tools)).toBeNull()
    const earlier = new Date(Date.now() - 60_000)
    utimesSync(file, earlier, earlier)
    expect(staleReason(root, tools)).toBe('components/PickFileCard.tsx changed')
  })

  it('are built on the fly when allowed (logged), else served empty with what to run', async () => {
    const lines: string[] = []
    const reading = adminComponents({ root, tools, build: false, log: (line) => lines.push(line) })
    expect((await reading.current()).code).toContain('PickFileCard')
    expect(lines).toEqual(['frogbot: admin chat: client tool components: components/PickFileCard.tsx changed; run npx frogbot build'])

    const building = adminComponents({ root, tools, build: true, log: (line) => lines.push(line) })
    const [first, second] = await Promise.all([building.current(), building.current()])
    expect(first.version).toBe(second.version)
    expect(lines.filter((line) => line.includes('building'))).toHaveLength(1)
    expect(staleReason(root, tools)).toBeNull()

    const empty = adminComponents({ root: join(root, 'components'), tools, build: false, log: () => {} })
    expect((await empty.current()).code).toContain('run npx frogbot build')
  })
})
