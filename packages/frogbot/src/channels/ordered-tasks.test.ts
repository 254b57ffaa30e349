import { describe, expect, it } from 'vitest'
import { orderedTasks } from './ordered-tasks.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('orderedTasks', () => {
  it('runs the tasks of one key one after another, in the order they came', async () => {
    const run = orderedTasks()
    const seen: string[] = []
    const task = (name: string, wait: number) => async () => {
      seen.push(`${name} starts`)
      await new Promise((resolve) => setTimeout(resolve, wait))
      seen.push(`${name} ends`)
      return name
    }
    const both = [run('a', task('first', 20)), run('a', task('second', 1))]
    expect(await Promise.all(both)).toEqual(['first', 'second'])
    expect(seen).toEqual(['first starts', 'first ends', 'second starts', 'second ends'])
  })

  it('runs the tasks of different keys side by side', async () => {
    const run = orderedTasks()
    let release!: () => void
    const held = run('a', () => new Promise<void>((resolve) => (release = resolve)))
    expect(await run('b', async () => 'b ran')).toBe('b ran')
    release()
    await held
  })

  it('settles as the task does, and a failure does not hold up the next task of its key', async () => {
    const run = orderedTasks()
    const failed = run('a', async () => {
      throw new Error('unreachable')
    })
    const next = run('a', async () => 'next ran')
    await expect(failed).rejects.toThrow('unreachable')
    expect(await next).toBe('next ran')
    await tick()
    expect(await run('a', async () => 'again')).toBe('again')
  })
})
