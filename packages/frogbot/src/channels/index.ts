/**
 * `frogbot/channels`: the piece kit, what every channel piece shares (FrogBot's piece contract).
 * A piece turns platform events into messages and answers of a channel chat and draws replies and
 * question controls; the engine keeps the record, decides staleness, resolves who may answer,
 * records the answer once and continues the agent. Two layers:
 * - the core, without Chat SDK: {@link createPiece} (lifecycle, runtime, rescans, refusal log),
 *   the runtime a piece gets ({@link PieceRuntime}: messages, answers, partial answers, cards), the
 *   replay and freshness guard ({@link replayGuard}), the numbered-answer grammar
 *   ({@link readNumberedAnswer}, {@link numberedQuestions}, the reply readers), the question
 *   helpers and the notices;
 * - the Chat SDK layer: {@link createChatSdkPiece}, a piece of a Chat SDK adapter plus the piece's
 *   own drawing and reading (Chat SDK is loaded only when such a piece starts).
 * The contract types (`ChannelPiece`, `PieceEngine`, `Participant`, `EngineEvent`, the channel
 * state) are the same as `frogbot`'s.
 */
export type { ChannelLock, ChannelQueueEntry, ChannelState } from '../contract/channel-state.ts'
export type { EngineEvent } from '../contract/engine-events.ts'
export type { Participant } from '../contract/participant.ts'
export { clipText, cutIndex } from '../text/clip-text.ts'
export { errorText } from '../text/error-text.ts'
export { drawnText } from '../text/drawn-text.ts'
export { clipDrawn } from '../text/clip-drawn.ts'
export type { ChannelPiece, DirectMessages, DirectNoticeType, DirectPerson, LookupProblem, ParticipantIdentity, PieceEngine } from '../contract/piece.ts'
export type { OpenDirect } from './runtime/direct-cards.ts'
export { CLOSE_GRACE_MS, createPiece, type KitPiece, type PieceContext, type PieceSession, type PieceSpec } from './create-piece.ts'
export type { PieceAction } from './runtime/card-answers.ts'
export type { PieceRuntime } from './runtime/piece-runtime.ts'
export { type CardPress, chooseFirst, type LookPress, type PressHooks } from './runtime/card-presses.ts'
export type { ApprovalDrawing, PieceDrawing } from './runtime/piece-drawing.ts'
export { CAPTURE_MS, type Capture, type PartialAnswer } from './runtime/partial-answers.ts'
export { REDRAW_EVERY_MS } from './runtime/card-drawing.ts'
export { CARD_CLAIM_TTL_MS, SETTLED_CARD_TTL_MS, type QuestionCard, type QuestionCards } from './question-cards.ts'
export { DELIVERY_KEEP_MS, FRESHNESS_WINDOW_MS, replayGuard, type ReplayGuard, type ReplayRefusal, unauthorized } from './replay-guard.ts'
export { answerProblems, readNumberedAnswer, type ReplyReading } from './answers/numbered-answers.ts'
export { type AnswerCommands, howToAnswer, numberedQuestions, type PresentOptions, settledText } from './answers/numbered-questions.ts'
export {
  addressedReply, commandReply, numberedReply, readReplyCommand, type ReplyReader
} from './answers/reply-readers.ts'
export { answerFrom, answerText, type ChannelQuestion, firstUnanswered, questionsOf, type QuestionSelection, settledAnswer } from './answers/question-answers.ts'
export { settledLine } from './answers/settled-line.ts'
export { type CardControl, type CardState, type CardStep, nextCardState } from './answers/card-state.ts'
export { type NameOf, noticeText, plainNameOf, type PieceNotice } from './piece-notices.ts'
export { replyParts } from './reply-parts.ts'
export { cardFacts, utcText } from './call-facts.ts'
export { STREAM_EDIT_EVERY_MS, streamedReply } from './streamed-reply.ts'
export { parsedJson } from './parsed-json.ts'
export { type Fetched, keptValues } from './kept-values.ts'
export { KEPT_LOOKUP_PROBLEMS, lookupProblems } from './lookup-problems.ts'
export { givenSetting, httpUrl, INSTANCE_NAME, readSettings, type Setting, type SettingOptions, type SettingValues } from './piece-settings.ts'
export { isJsonObject, type JsonObject, jsonObject } from './json-object.ts'
export { markdownLiteral } from './markdown-literal.ts'
export type { Mention } from './chat-sdk/chat-sdk-drawing.ts'
export { authorParticipant, type MessageReading, withoutMention } from './chat-sdk/chat-sdk-messages.ts'
export { type ChatSdkContext, type ChatSdkPieceSpec, type ChatSdkSetup, createChatSdkPiece } from './chat-sdk/create-chat-sdk-piece.ts'
export { receivedMessages } from './chat-sdk/received-messages.ts'
export {
  APPROVAL_CONTROLS,
  APPROVAL_HINT,
  QUORUM_APPROVAL_HINT,
  APPROVAL_LIMITS,
  approvalAnswer,
  type ApprovalCall,
  approvalCard,
  type ApprovalCardModel,
  approvalMarkdown,
  type ApprovalField,
  type ApprovalPress,
  type ApprovalReading,
  editedInput,
  inputFields,
  invalidField,
  isApprovalCall,
  quorumCount,
  readApprovalCommand,
  sanitizedText,
  settledApproval,
  settledApprovalMarkdown,
  settledApprovalText
} from './approval-cards.ts'
export { approvalEditForm } from './approval-edit-form.ts'
export { hmacSigned } from './hmac-signed.ts'
export { withoutAtMentions } from './without-at-mentions.ts'
export { factsMarkdown } from './facts-markdown.ts'
export { wholeText } from './whole-text.ts'
export { sameSecret } from './same-secret.ts'
export { type ApprovalButton, approvalButton } from './approval-buttons.ts'
export { messageNoticeDue } from './message-notice-due.ts'
export { onceUntilFailure } from './once-until-failure.ts'
export { optionPage } from './answers/option-pages.ts'
export { PlatformError } from './platform-error.ts'
export { jsonCall } from './json-call.ts'
export { askedIdentity, IDENTITY_RETRY_MS, IDENTITY_TIMEOUT_MS, type IdentityFailure, type IdentityOutcome } from './asked-identity.ts'
export { packedTexts } from './packed-texts.ts'
export { numberedAnswerText } from './answers/numbered-answer-text.ts'
export { questionDrawing, type SettledActor } from './question-drawing.ts'
export type { TableOptions } from './table-options.ts'
export { refusedRequest } from './refused-request.ts'
export { payloadProblem } from './payload-problem.ts'
export { badRequest } from './bad-request.ts'
export { ignoredDelivery } from './ignored-delivery.ts'
export {
  type ClientCredentials,
  clientCredentialsToken,
  RENEW_BEFORE_MS,
  TOKEN_TIMEOUT_MS
} from './client-credentials-token.ts'
export {
  OPENID_FETCH_TIMEOUT_MS,
  OPENID_METADATA_KEEP_MS,
  OPENID_METADATA_RETRY_MS,
  type OpenIdMetadata,
  openIdMetadata
} from './openid-metadata.ts'
export {
  BEARER_CLOCK_TOLERANCE_S,
  type BearerCheck,
  type BearerKeys,
  type BearerVerifier,
  type ListedKey,
  openIdBearer,
  type OpenIdBearerOptions,
  type VerifiedBearer
} from './openid-bearer.ts'
export { type FormField, formAnswer } from './form-answer.ts'
export { type CardViews, cardViews } from './card-views.ts'
export { lastLineKept } from './last-line-kept.ts'
export { messageRef, messageRefParts } from './message-ref.ts'
export { leveledLogger, type LoggerLevel, type LoggerSinks } from './leveled-logger.ts'
export { controlIds, type IdControl, type IdPress, pressOnCard } from './control-ids.ts'
export { orderedTasks } from './ordered-tasks.ts'
export { directEntryId, directEntryOpener } from './direct-entry.ts'
export { streamedReplies } from './streamed-replies.ts'
export { approvalOutcome } from './approval-outcome.ts'
export { FEED_RETRY_MS, type PolledFeed, polledFeed } from './polled-feed.ts'
export {
  type KeptPeople,
  keptPeople,
  type KnownPerson,
  PERSON_KEEP_MS,
  PERSON_MISS_KEEP_MS,
  type PersonSeen
} from './kept-people.ts'
export { type DirectAddress, directAddresses, type MetAt } from './direct-addresses.ts'
export { type ReadAction, readingAction } from './reading-action.ts'
export { budgetedItems } from './budgeted-items.ts'
export { selectionsAnswer, unansweredText } from './selections-answer.ts'
export { PRESS_FAILED, pressNoticeText } from './press-notice-text.ts'
export { shownQuestion } from './answers/shown-question.ts'
export { type ActionLetters, cardTag, type TaggedPress, taggedPressData } from './tagged-press-data.ts'
export { type BodyRule, checkedBody } from './checked-body.ts'
export { withEnvDefaults } from './with-env-defaults.ts'
export { withoutOwnMentions } from './without-own-mentions.ts'
export { readOnCard } from './read-on-card.ts'
export { APPROVAL_FORM_IDS, approvalFormAction } from './approval-form-action.ts'
export { deliveryDigest } from './delivery-digest.ts'
