// Times answers one after another: answer → first continuation text, and CPU per answer.
import { setImmediate as nextTurn } from 'node:timers/promises'
import { cpuClock } from './stats.ts'
import { readContinuation } from './turn.ts'

/** Per answer: ms from sending it to the first continuation text, and CPU ms this process spent on it. */
export type AnswerSamples = { firstText: number[]; cpu: number[] }

/**
 * Runs `count` answers in turn. `prepare` (not timed) makes what one answer needs, such as a
 * waiting chat; `run` sends it and resolves with ms from `started` to its first continuation text
 * once it has read the whole continuation. CPU is counted from sending to the end of the
 * continuation and the callbacks right after it (a turn's last write).
 */
export async function timeRuns<T>(count: number, prepare: () => Promise<T>, run: (prepared: T, started: number) => Promise<number>, into: AnswerSamples = { firstText: [], cpu: [] }): Promise<AnswerSamples> {
  for (let i = 0; i < count; i++) {
    const prepared = await prepare()
    const cpu = cpuClock()
    into.firstText.push(await run(prepared, performance.now()))
    await nextTurn()
    into.cpu.push(cpu.stop())
  }
  return into
}

/** {@link timeRuns} for answers over an HTTP handler: `answer` gives the streamed response, which must be a 200. */
export function timeAnswers<T>(count: number, prepare: () => Promise<T>, answer: (prepared: T) => Promise<Response> | Response, into?: AnswerSamples): Promise<AnswerSamples> {
  return timeRuns(
    count,
    prepare,
    async (prepared, started) => {
      const response = await answer(prepared)
      if (response.status !== 200) throw new Error(`answer: ${response.status} ${await response.text()}`)
      return readContinuation(response.body!, started)
    },
    into
  )
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
