/**
 * `frogbot/channels`: what every channel piece shares (FrogBot's piece contract). A piece turns
 * platform events into turns of a channel chat, posts replies, and draws and reads question
 * controls; the engine keeps the record, decides staleness, resolves who may answer, records the
 * answer once and continues the agent.
 * - {@link pieceRuntime}: the shared half of a piece, on its channel engine and state.
 * - {@link channelState}: Chat SDK's state adapter on FrogBot's own database (SQLite, PostgreSQL).
 * - {@link questionCards}: where each waiting call's controls were drawn.
 * - {@link questionsOf}, {@link answerFrom}, {@link firstUnanswered}, {@link answerText}: reading and
 *   writing `question` answers from platform controls.
 * - {@link noticeText}, {@link noticeOf}: what a participant is told privately when their click or
 *   message changed nothing.
 * - {@link replyText}: the text of a reply stream as it arrives.
 */
export { channelState } from '../store/channel-state.ts'
export type { ChannelLock, ChannelQueueEntry, ChannelState } from '../contract/channel-state.ts'
export { pieceRuntime, REDRAW_EVERY_MS, type PieceAction, type PieceDrawing, type PieceRuntime, type PlatformUser } from './piece-runtime.ts'
export { CARD_CLAIM_TTL_MS, questionCards, SETTLED_CARD_TTL_MS, type QuestionCard, type QuestionCards } from './question-cards.ts'
export { answerFrom, answerText, firstUnanswered, questionsOf, type ChannelQuestion, type QuestionSelection } from './question-answers.ts'
export { noticeOf, noticeText, plainNameOf, type NameOf, type PieceNotice } from './piece-notices.ts'
export { replyText } from './reply-text.ts'
