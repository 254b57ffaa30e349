import { describe, expect, test } from 'vitest'
import { findToolRenderer, type ToolRenderer } from './tool-renderers.ts'

const render = () => null
const question: ToolRenderer = { kind: 'question', render }
const pickFile: ToolRenderer = { kind: 'pick-file', render }
const byName: ToolRenderer = { kind: 'pick_file', render }

describe('tool renderer matching (docs/ui/overview.md)', () => {
  test("matches the client tool's kind first, then the tool name", () => {
    expect(findToolRenderer([byName, pickFile], { name: 'pick_file', kind: 'pick-file' })).toBe(pickFile)
    expect(findToolRenderer([byName], { name: 'pick_file', kind: 'pick-file' })).toBe(byName)
    expect(findToolRenderer([question], { name: 'question', kind: 'question' })).toBe(question)
    expect(findToolRenderer([question], { name: 'question' })).toBe(question)
  })

  test('finds nothing for a tool no renderer names', () => {
    expect(findToolRenderer([question, pickFile], { name: 'confirm_budget', kind: 'budget' })).toBeUndefined()
    expect(findToolRenderer([], { name: 'question', kind: 'question' })).toBeUndefined()
  })
})
