import type { ChannelState } from '../contract/channel-state.ts'

/** Where a person was met: the platform's fields that reach them (their id, workspace, endpoint…). */
export type MetAt = Record<string, string>

/** Where a person was met and, once opened, the id of the bot's direct conversation with them. */
export type DirectAddress<Met extends MetAt> = { met: Met; conversationId: string }

/**
 * Direct conversations for `notify.pieces` on a platform where a bot can open one only with a
 * person it met (Microsoft Teams: their user id, tenant and service URL), whatever it knows of
 * them by email, kept in the piece's state (lasting, shared by every server) under
 * `<key>:<email>` (the email lower-cased):
 * - `remember(email, met)`: keeps where the person was met (from a verified event), written again
 *   only when a field of `met` changed, which forgets the conversation opened before;
 * - `open(email, opener)`: the conversation with the person, opened with `opener(met)` (resolving
 *   the new conversation's id) the first time only and kept with where they were met;
 *   `undefined` for a person never met. `opener`'s failure is thrown, and nothing is kept.
 */
export function directAddresses<Met extends MetAt>({ state, key }: {
  state: Pick<ChannelState, 'get' | 'set'>
  key: string
}) {
  const keyOf = (email: string) => `${key}:${email.toLowerCase()}`
  return {
    remember: async (email: string, met: Met): Promise<void> => {
      const known = await state.get<Met & { conversationId?: string }>(keyOf(email))
      const changed = !known || Object.entries(met).some(([field, value]) => known[field] !== value)
      if (changed) await state.set(keyOf(email), met)
    },
    open: async (
      email: string,
      opener: (met: Met) => Promise<string>
    ): Promise<DirectAddress<Met> | undefined> => {
      const kept = await state.get<Met & { conversationId?: string }>(keyOf(email))
      if (!kept) return undefined
      const { conversationId, ...met } = kept
      if (conversationId) return { met: met as Met, conversationId }
      const opened = await opener(met as Met)
      await state.set(keyOf(email), { ...met, conversationId: opened })
      return { met: met as Met, conversationId: opened }
    }
  }
}
