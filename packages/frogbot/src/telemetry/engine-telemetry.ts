import type * as OpenTelemetry from '@opentelemetry/api'
import type { Kysely } from 'kysely'
import { isToolUIPart } from 'ai'
import type { EngineEvent } from '../contract/engine-events.ts'
import type { SettleOutcome } from '../contract/turns.ts'
import type { Database } from '../store/database-schema.ts'
import { type CallTrace, callTraces, countWaitingCalls, saveTraceParent } from '../store/call-traces.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'

/** The `@opentelemetry/api` module, as the app's copy gives it. */
export type OpenTelemetryApi = typeof OpenTelemetry

/** The names FrogBot records under (instrumentation scope `frogbot`). */
export const TELEMETRY_NAMES = {
  turn: 'frogbot.turn',
  wait: 'frogbot.wait',
  settle: 'frogbot.settle',
  waitingCalls: 'frogbot.calls.waiting',
  waitDuration: 'frogbot.wait.duration',
  settleOutcomes: 'frogbot.settle.outcomes'
} as const

// Any settle function whose options name the chat, the calls and the caller's door.
type Settle = (options: any) => Promise<SettleOutcome>
type SettleOptions = { chatId: string; inputs: { toolCallId: string }[]; req: { entryPoint: string } }

/** How long a settled wait waits for its continuation's turn to start in this process before its span ends without that link. */
const CONTINUATION_MS = 1000

const traceParentOf = ({ traceId, spanId, traceFlags }: OpenTelemetry.SpanContext) => `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`

function spanContextOf(traceParent: string | null): OpenTelemetry.SpanContext | null {
  const match = traceParent && /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(traceParent)
  return match ? { traceId: match[1], spanId: match[2], traceFlags: Number.parseInt(match[3], 16), isRemote: true } : null
}

/** The outcome a settle attempt reports: the kind of its result, or the refusal's code. */
function settleOutcome(outcome: SettleOutcome | null, error: unknown): string {
  if (outcome) return outcome.kind
  return FrogbotError.isInstance(error) ? error.code : 'error'
}

/**
 * FrogBot's traces and metrics through `api` (the app's `@opentelemetry/api`: a no-op until the
 * app registers an SDK). Made of the engine's events, so the engine knows nothing of it:
 * - span `frogbot.turn` per turn this process runs (`turn-started` → `turn-ended`), with the chat,
 *   the agent and the turn's status;
 * - span `frogbot.wait` per waiting call, from when it was asked (its stored time) to its
 *   settlement, in the trace of the turn that asked and linked to it and to the turn that continued,
 *   with the tool and the outcome; it is recorded by the process that settles the call, which reads
 *   the asking turn's `traceparent` where the asking process stored it;
 * - span `frogbot.settle` per settle attempt through {@link traceSettle}, with its outcome (the
 *   result's kind, or the refusal's code: `already-settled`, `invalid-output`, …) and the door;
 * - metrics: `frogbot.calls.waiting` (gauge: calls waiting in the database, read when collected),
 *   `frogbot.wait.duration` (histogram in seconds, by `frogbot.tool` and `frogbot.outcome`),
 *   `frogbot.settle.outcomes` (counter, by `frogbot.outcome` and `frogbot.door`).
 * The question's input and the answer are attributes only with `recordContent`.
 */
export function engineTelemetry({ api, db, recordContent = false, log }: { api: OpenTelemetryApi; db: Kysely<Database>; recordContent?: boolean; log: (line: string) => void }) {
  const tracer = api.trace.getTracer('frogbot')
  const meter = api.metrics.getMeter('frogbot')
  const waitDuration = meter.createHistogram(TELEMETRY_NAMES.waitDuration, { unit: 's', description: 'From a call asked to its settlement' })
  const settleOutcomes = meter.createCounter(TELEMETRY_NAMES.settleOutcomes, { description: 'Settle attempts by outcome' })
  meter
    .createObservableGauge(TELEMETRY_NAMES.waitingCalls, { description: 'Calls waiting for an answer, across every chat in the database' })
    .addCallback(async (result) => {
      try {
        result.observe(await countWaitingCalls(db))
      } catch (error) {
        log(`frogbot: telemetry could not count the waiting calls: ${error instanceof Error ? error.message : String(error)}`)
      }
    })

  const turns = new Map<string, OpenTelemetry.Span>()
  // Waits settled here whose continuation is about to start in this process, by chat.
  const continuing = new Map<string, (turn: OpenTelemetry.SpanContext | null) => void>()

  const failed = (what: string) => (error: unknown) => log(`frogbot: telemetry could not ${what}: ${error instanceof Error ? error.message : String(error)}`)

  function endWait(event: Extract<EngineEvent, { type: 'calls-settled' }>, trace: CallTrace, settledAt: Date, continued: OpenTelemetry.SpanContext | null) {
    const settlement = event.settlements.find((entry) => entry.toolCallId === trace.toolCallId)!
    const asked = spanContextOf(trace.traceParent)
    const attributes: OpenTelemetry.Attributes = {
      'frogbot.chat_id': event.chat.id,
      'frogbot.agent': event.chat.agentSlug,
      'frogbot.tool_call_id': trace.toolCallId,
      'frogbot.tool': trace.toolName,
      'frogbot.outcome': settlement.outcome
    }
    if (recordContent) {
      attributes['frogbot.question'] = JSON.stringify(trace.input)
      const part = settlement.part as { output?: unknown } | null
      if (part && isToolUIPart(part as never) && part.output !== undefined) attributes['frogbot.answer'] = JSON.stringify(part.output)
    }
    const links = [...(asked ? [{ context: asked, attributes: { 'frogbot.link': 'asked' } }] : []), ...(continued ? [{ context: continued, attributes: { 'frogbot.link': 'continued' } }] : [])]
    const parent = asked ? api.trace.setSpanContext(api.ROOT_CONTEXT, asked) : api.ROOT_CONTEXT
    const started = new Date(trace.createdAt)
    tracer.startSpan(TELEMETRY_NAMES.wait, { startTime: started, attributes, links }, parent).end(settledAt)
    waitDuration.record(Math.max(0, settledAt.getTime() - started.getTime()) / 1000, { 'frogbot.tool': trace.toolName, 'frogbot.outcome': settlement.outcome })
  }

  function settled(event: Extract<EngineEvent, { type: 'calls-settled' }>) {
    const settledAt = new Date()
    // The continuation's turn starts in this same tick, when the settle continued the chat.
    let continued: OpenTelemetry.SpanContext | null | undefined
    const waiters: ((turn: OpenTelemetry.SpanContext | null) => void)[] = []
    const decide = (turn: OpenTelemetry.SpanContext | null) => {
      if (continued !== undefined) return
      continued = turn
      continuing.delete(event.chat.id)
      for (const waiter of waiters) waiter(turn)
    }
    if (event.chat.state === 'running') {
      continuing.set(event.chat.id, decide)
      setTimeout(() => decide(null), CONTINUATION_MS).unref()
    } else decide(null)
    const ids = event.settlements.map((settlement) => settlement.toolCallId)
    callTraces(db, { chatId: event.chat.id, toolCallIds: ids })
      .then((traces) => {
        for (const trace of traces) {
          if (continued !== undefined) endWait(event, trace, settledAt, continued)
          else waiters.push((turn) => endWait(event, trace, settledAt, turn))
        }
      })
      .catch(failed(`read the settled calls of chat ${event.chat.id}`))
  }

  const listener = (event: EngineEvent) => {
    if (event.type === 'turn-started') {
      const span = tracer.startSpan(TELEMETRY_NAMES.turn, { attributes: { 'frogbot.chat_id': event.chat.id, 'frogbot.agent': event.chat.agentSlug } })
      turns.get(event.chat.id)?.end()
      turns.set(event.chat.id, span)
      continuing.get(event.chat.id)?.(span.spanContext())
    } else if (event.type === 'turn-ended') {
      const span = turns.get(event.chat.id)
      if (!span) return
      turns.delete(event.chat.id)
      if ('error' in event) {
        span.setAttribute('frogbot.turn.status', 'failed')
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: event.error.name })
      } else span.setAttribute('frogbot.turn.status', event.result.status)
      span.end()
    } else if (event.type === 'calls-waiting') {
      const span = turns.get(event.chat.id)
      if (!span || !span.isRecording()) return
      const toolCallIds = event.pending.map((call) => call.toolCallId)
      saveTraceParent(db, { chatId: event.chat.id, toolCallIds, traceParent: traceParentOf(span.spanContext()) }).catch(failed(`store the trace of chat ${event.chat.id}`))
    } else if (event.type === 'calls-settled') settled(event)
  }

  /** `settle` with a `frogbot.settle` span and the outcome counter around each attempt. */
  const traceSettle =
    <S extends Settle>(settle: S): S =>
    (async (options: SettleOptions) => {
      const span = tracer.startSpan(TELEMETRY_NAMES.settle, {
        attributes: { 'frogbot.chat_id': options.chatId, 'frogbot.door': options.req.entryPoint, 'frogbot.tool_call_ids': options.inputs.map((input) => input.toolCallId) }
      })
      let outcome: SettleOutcome | null = null
      let failure: unknown = null
      try {
        outcome = await settle(options)
        return outcome
      } catch (error) {
        failure = error
        if (!FrogbotError.isInstance(error)) span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' })
        throw error
      } finally {
        const result = settleOutcome(outcome, failure)
        span.setAttribute('frogbot.outcome', result)
        settleOutcomes.add(1, { 'frogbot.outcome': result, 'frogbot.door': options.req.entryPoint })
        span.end()
      }
    }) as S

  return { listener, traceSettle }
}
