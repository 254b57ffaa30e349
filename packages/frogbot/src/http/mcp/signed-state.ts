import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server'
import type { Kysely } from 'kysely'
import type { Database } from '../../store/database-schema.ts'
import { protocolKey, useNonce } from '../../store/protocol-keys.ts'

/** What a signed MCP request state holds: the chat and call it waits for (`calls`: the question calls handed to the client as forms), and a nonce that makes it single-use. */
export type WaitState = { chatId: string; toolCallId: string; nonce: string; calls?: string[] }

/** The FrogBot user id the MCP door put in the request's `authInfo` (the bind of every state). */
const callerOf = (ctx: ServerContext) => String(ctx.http?.authInfo?.clientId ?? '')

/**
 * The MCP door's request states (MCP 2026-07-28 multi round-trip requests): HMAC-signed with the
 * database's key `mcp-request-state` (so any process verifies them), bound to the caller (the
 * token's user), valid `ttlSeconds`, and each accepted once: `verify` throws on a forged, expired,
 * foreign or replayed state, which the SDK answers `-32602 Invalid or expired requestState`.
 * The chat and call inside are checked again by reading the chat as the caller. `ready` loads the
 * key ahead of a round, so that a round cut by a shutdown still mints its state.
 */
export function signedStates({ db, now, ttlSeconds }: { db: Kysely<Database>; now: () => Date; ttlSeconds: number }) {
  let codec: Promise<ReturnType<typeof createRequestStateCodec<WaitState>>> | undefined
  const load = () =>
    (codec ??= protocolKey(db, { name: 'mcp-request-state', now: now().toISOString() }).then((key) => createRequestStateCodec<WaitState>({ key, ttlSeconds, bind: callerOf })))
  return {
    /** Loads the key now, so that a later `mint` reads nothing from the database (gone once it closes). */
    ready: async () => {
      await load()
    },
    mint: async (state: WaitState, ctx: ServerContext) => (await load()).mint(state, ctx),
    verify: async (wire: string, ctx: ServerContext): Promise<WaitState> => {
      const state = await (await load()).verify(wire, ctx)
      const expiresAt = new Date(now().getTime() + ttlSeconds * 1000).toISOString()
      if (!(await useNonce(db, { nonce: state.nonce, expiresAt, now: now().toISOString() }))) throw new Error('replayed')
      return state
    }
  }
}
