// 100 answers racing for one pending call, in this process: exactly one continues the message,
// the rest lose with 409. How long the losers wait, what a loser costs, how long the whole race
// takes, and how much the race delays the winner's first text.
import { setImmediate as nextTurn } from 'node:timers/promises'
import { timeAnswers } from '../answer-loop.ts'
import { type Figure, needsPostgres, type FigureContext, type FigureResult, atMost, bySize, exactly, row } from '../figure.ts'
import { type StoreKind, startFrogbot } from '../frogbot-app.ts'
import { tallyNow, tallySince } from '../sql-counter.ts'
import { cpuClock, p50, p99 } from '../stats.ts'
import { ANSWER, readContinuation } from '../turn.ts'

const RACERS = 100

/** CPU ms this process spends making `count` answer requests and reading a 409 body each: the client's share of a race. */
async function clientCost(count: number): Promise<number> {
  const cpu = cpuClock()
  for (let i = 0; i < count; i++) {
    const request = new Request('http://localhost/api/agents/planner/chats/c/settle', { method: 'POST', headers: { authorization: 'Bearer x', 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ toolCallId: 'c', output: ANSWER }) })
    await request.text()
    await new Response('{"error":{"code":"conflict","message":"x"}}', { status: 409 }).text()
  }
  return cpu.stop()
}

async function race(kind: StoreKind, context: FigureContext): Promise<Omit<FigureResult, 'id' | 'title'>> {
  const races = bySize(context.size, { full: 20, quick: 8, tiny: 1 })
  const frogbot = await startFrogbot(kind)
  try {
    // Uncontested answers: the winner's reference, and what one answer costs.
    await timeAnswers(bySize(context.size, { full: 20, quick: 20, tiny: 3 }), frogbot.ask, frogbot.answer)
    const alone = await timeAnswers(bySize(context.size, { full: 100, quick: 40, tiny: 5 }), frogbot.ask, frogbot.answer)
    const chat = await frogbot.ask()
    const beforeAnswer = tallyNow()
    await timeAnswers(1, async () => chat, frogbot.answer)
    const answerTransactions = tallySince(beforeAnswer).transactions
    const clientPerLoser = (await clientCost(RACERS * 5)) / (RACERS * 5)

    const continuations: number[] = []
    const accepted: number[] = []
    const losersWait: number[] = []
    const winnerFirstText: number[] = []
    const wholeRace: number[] = []
    const loserCpu: number[] = []
    const loserTransactions: number[] = []
    context.progress(`  ${races} races of ${RACERS} answers to one call`)
    for (let r = 0; r < races; r++) {
      const waiting = await frogbot.ask()
      const modelBefore = frogbot.model.calls.continuations
      const sql = tallyNow()
      const cpu = cpuClock()
      const started = performance.now()
      let winners = 0
      let lastAnswered = 0
      await Promise.all(
        Array.from({ length: RACERS }, async () => {
          const response = await frogbot.answer(waiting)
          if (response.status === 200) {
            winners++
            await readContinuation(response.body!, started, () => {
              const at = performance.now() - started
              winnerFirstText.push(at)
              lastAnswered = Math.max(lastAnswered, at)
            })
          } else {
            if (response.status !== 409) throw new Error(`a racing answer got ${response.status}: ${await response.text()}`)
            await response.text()
            const at = performance.now() - started
            losersWait.push(at)
            lastAnswered = Math.max(lastAnswered, at)
          }
        })
      )
      await nextTurn()
      const used = cpu.stop()
      wholeRace.push(lastAnswered)
      continuations.push(frogbot.model.calls.continuations - modelBefore)
      accepted.push(winners)
      loserCpu.push(Math.max(0, used - p50(alone.cpu)) / (RACERS - 1) - clientPerLoser)
      loserTransactions.push(tallySince(sql).transactions - answerTransactions)
    }
    const db = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'
    const alonePerText = p50(alone.firstText)
    return {
      rows: [
        row('race', `continuations per race of ${RACERS} answers, ${db} (most in a race)`, 'count', null, Math.max(...continuations), exactly(1)),
        row('race', `continuations per race of ${RACERS} answers, ${db} (fewest in a race)`, 'count', null, Math.min(...continuations), exactly(1)),
        row('race', `answers accepted per race (200), ${db} (most in a race)`, 'count', null, Math.max(...accepted), exactly(1)),
        row('race', `losing answers' wait, ${db} (p50)`, 'ms', null, p50(losersWait)),
        row('race', `losing answers' wait, ${db} (p99)`, 'ms', null, p99(losersWait)),
        row('race', `server CPU per losing answer, ${db}`, 'ms', null, p50(loserCpu), atMost(0.1, 'value')),
        row('race', `write transactions of the losing answers per race, ${db}`, 'count', null, p50(loserTransactions), atMost(0, 'value'), 'a loser that opens a write transaction may wait on the write lock'),
        row('race', `whole race answered, ${db} (p50)`, 'ms', null, p50(wholeRace), atMost(kind === 'sqlite' ? 20 : 40, 'value')),
        row('race', `winner's first text in a race vs uncontested, ${db} (p50)`, 'ms', alonePerText, p50(winnerFirstText), atMost(3), 'baseline column: the same answer uncontested')
      ],
      details: { races, racers: RACERS, continuations, accepted, clientCpuPerLoserMs: clientPerLoser, answerTransactions }
    }
  } finally {
    await frogbot.close()
  }
}

/** The race on SQLite. */
export const sqliteRace: Figure = { id: 'race-sqlite', title: `${RACERS} answers racing for one call, SQLite`, run: (context) => race('sqlite', context) }

/** The race on PostgreSQL, with a pool of 10 connections. */
export const postgresRace: Figure = {
  id: 'race-postgres',
  title: `${RACERS} answers racing for one call, PostgreSQL (pool of 10)`,
  run: needsPostgres((context) => race('postgres', context))
}
