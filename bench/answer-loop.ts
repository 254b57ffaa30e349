// Times answers one after another: answer → first continuation text, and CPU per answer.
import { setImmediate as nextTurn } from 'node:timers/promises'
import { cpuClock } from './stats.ts'
import { readContinuation } from './turn.ts'

/** Per answer: ms from sending it to the first continuation text, and CPU ms this process spent on it. */
export type AnswerSamples = { firstText: number[]; cpu: number[] }

/**
 * Runs `count` answers in turn. `prepare` (not timed) makes what one answer needs, such as a
 * waiting chat; `answer` sends it and gives the streamed response. CPU is counted from sending to
 * the end of the stream and the callbacks right after it (a turn's last write).
 */
export async function timeAnswers<T>(count: number, prepare: () => Promise<T>, answer: (prepared: T) => Promise<Response> | Response, into: AnswerSamples = { firstText: [], cpu: [] }): Promise<AnswerSamples> {
  for (let i = 0; i < count; i++) {
    const prepared = await prepare()
    const cpu = cpuClock()
    const started = performance.now()
    const response = await answer(prepared)
    if (response.status !== 200) throw new Error(`answer: ${response.status} ${await response.text()}`)
    into.firstText.push(await readContinuation(response.body!, started))
    await nextTurn()
    into.cpu.push(cpu.stop())
  }
  return into
}

/**
 * Runs two answer loops in alternating blocks of `block`, so drift of the machine (other load,
 * heap growth, JIT) falls on both alike. Returns each side's samples.
 */
export async function alternate(count: number, block: number, sides: { baseline: (n: number, into: AnswerSamples) => Promise<unknown>; frogbot: (n: number, into: AnswerSamples) => Promise<unknown> }) {
  const baseline: AnswerSamples = { firstText: [], cpu: [] }
  const frogbot: AnswerSamples = { firstText: [], cpu: [] }
  for (let done = 0; done < count; done += block) {
    const n = Math.min(block, count - done)
    await sides.baseline(n, baseline)
    await sides.frogbot(n, frogbot)
  }
  return { baseline, frogbot }
}
