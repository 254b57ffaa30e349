import { serve } from '@hono/node-server'
import type { LanguageModel } from 'ai'
import type { AddressInfo } from 'node:net'
import { systemCaller } from '../auth/callers.ts'
import type { FrogbotConfig } from '../config/build-config.ts'
import type { ChatRead } from '../contract/turns.ts'
import { createFrogbot, type CreateFrogbotOptions, type Frogbot } from '../frogbot.ts'
import { internalsOf } from '../frogbot-internals.ts'
import { readAnswer } from './read-answer.ts'

/**
 * A FrogBot served over HTTP on 127.0.0.1 for a test (see {@link serveFrogbot}):
 * - `frogbot`, and `base` (`http://127.0.0.1:<port>`), `url(path)`;
 * - `http(method, path, body?, { token? })`: a JSON request (with `Authorization: Bearer` when a
 *   token is given), answered as `{ status, json, headers }` (`json`: the text when it is not JSON);
 * - `post(path, { body, headers })`: a request as a platform sends one (raw body, its headers);
 * - `logs`: every line FrogBot logged; `takeLogs(pattern)` takes out and returns those matching;
 * - `chats()`: every chat in the database, as FrogBot reads it, oldest first;
 * - `close()`: stops the server, then FrogBot (idempotent).
 */
export type ServedFrogbot = {
  frogbot: Frogbot
  base: string
  url: (path: string) => string
  http: (method: string, path: string, body?: unknown, options?: { token?: string }) => Promise<{ status: number; json: any; headers: Headers }>
  post: (path: string, request: { body: string; headers: Record<string, string> }) => Promise<{ status: number; text: string }>
  logs: string[]
  takeLogs: (pattern: RegExp) => string[]
  chats: () => Promise<ChatRead[]>
  close: () => Promise<void>
}

/**
 * Starts FrogBot on `config` (`createFrogbot`, with `model` in place of every agent's model, no
 * maintenance timer, its log collected in `logs`, and the other `options`) and serves its own
 * `fetch` handler on 127.0.0.1 at a free port, as `frogbot serve` does: what a piece's platform
 * stand-in calls back, and what a test sends as the platform, goes through the real HTTP layer.
 */
export async function serveFrogbot({ config, model, options = {} }: { config: FrogbotConfig; model?: Exclude<LanguageModel, string>; options?: CreateFrogbotOptions }): Promise<ServedFrogbot> {
  const logs: string[] = []
  const frogbot = await createFrogbot(config, { log: (line) => logs.push(line), maintenanceIntervalMs: 0, ...(model ? { model } : {}), ...options })
  const server = serve({ fetch: frogbot.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let closed: Promise<void> | undefined
  return {
    frogbot,
    base,
    url: (path) => `${base}${path}`,
    http: async (method, path, body, { token } = {}) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }
      return readAnswer(await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
    },
    post: async (path, { body, headers }) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers, body })
      return { status: response.status, text: await response.text() }
    },
    logs,
    takeLogs: (pattern) => {
      const taken = logs.filter((line) => pattern.test(line))
      for (const line of taken) logs.splice(logs.indexOf(line), 1)
      return taken
    },
    chats: async () => {
      const { engine, store } = internalsOf(frogbot)
      const rows = await store.db.selectFrom('frogbot_chats').select('id').orderBy('created_at').orderBy('id').execute()
      return Promise.all(rows.map((row) => engine.readChat({ chatId: row.id, req: systemCaller() })))
    },
    close: () =>
      (closed ??= (async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await frogbot.close()
      })())
  }
}
