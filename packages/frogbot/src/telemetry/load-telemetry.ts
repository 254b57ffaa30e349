import type { Kysely } from 'kysely'
import type { Database } from '../store/database-schema.ts'
import { engineTelemetry } from './engine-telemetry.ts'

/**
 * The config's `telemetry` (docs "Run at scale"):
 * - `enabled`: record traces and metrics through `@opentelemetry/api`. Default: when an
 *   OpenTelemetry SDK is registered in the process by the time FrogBot starts (register it first,
 *   e.g. with `node --import ./telemetry.ts` or at the top of the config); `true` records into
 *   whatever the app registers later; `false` never loads the API.
 * - `recordContent`: add the question's input and the answer to the wait's span (default `false`:
 *   they may hold what people wrote).
 */
export type TelemetryOptions = { enabled?: boolean; recordContent?: boolean }

/** Where `@opentelemetry/api` 1.x keeps what an SDK registered, shared by every copy of the API in the process. */
const REGISTERED = Symbol.for('opentelemetry.js.api.1')

/**
 * The engine's telemetry (see `engineTelemetry`) when `options` or a registered SDK asks for it,
 * else `null`, without loading `@opentelemetry/api`: apps that record nothing load none of it.
 */
export async function loadTelemetry({ options = {}, db, log }: { options?: TelemetryOptions; db: Kysely<Database>; log: (line: string) => void }) {
  const enabled = options.enabled ?? REGISTERED in globalThis
  if (!enabled) return null
  const api = await import('@opentelemetry/api')
  return engineTelemetry({ api, db, recordContent: options.recordContent ?? false, log })
}
