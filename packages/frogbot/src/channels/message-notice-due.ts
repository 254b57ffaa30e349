import type { ChannelState } from '../contract/channel-state.ts'
import type { Participant } from '../contract/participant.ts'
import type { PieceNotice } from './piece-notices.ts'

/**
 * Whether a notice is to be told now, in a conversation where a notice is a message everyone sees
 * (a Telegram group, a GitHub issue): that a participant's ordinary message waits behind the
 * question or the reply (`queued`), or that the agent does not talk with them (`denied` to write),
 * is told once in `everyMs` per participant and thread (counted in `state`, so across servers:
 * people talk on while a question waits, and would be told at every message); every other notice
 * (a refused or invalid answer) always.
 */
export async function messageNoticeDue({ state, piece, thread, participant, notice, everyMs }: {
  state: Pick<ChannelState, 'setIfNotExists'>
  piece: string
  thread: string
  participant: Pick<Participant, 'userId'>
  notice: PieceNotice
  everyMs: number
}): Promise<boolean> {
  const about = notice.kind === 'queued' ? 'queued' : notice.kind === 'denied' && notice.to === 'write' ? 'denied' : null
  return about === null || state.setIfNotExists(`frogbot:${piece}:told:${about}:${thread}:${participant.userId}`, true, everyMs)
}
