import type { UIMessage } from 'ai'
import type { Caller } from '../contract/caller.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { branchChat } from './branch-chat.ts'
import { deleteDraft, readDraft, saveDraft } from './call-drafts.ts'
import { deleteChat } from './delete-chat.ts'
import { renameChat } from './rename-chat.ts'
import { editMessage } from './edit-message.ts'
import { runMaintenance } from './maintenance.ts'
import { changeQueued, startNextQueued } from './queued-messages.ts'
import { chatSummary } from './views/chat-summary.ts'
import { listChats, pendingOf, readChat } from './views/read-chat.ts'
import { type InboxOptions, listInbox } from './views/inbox.ts'
import { refuseUnsendableTo, sendMessage } from './send-message.ts'
import { ShutdownStop, type TurnServices } from './services.ts'
import { mayAnswer, settle } from './settle.ts'
import { stopTurn } from './stop-turn.ts'
import { refuseBlank } from './rules/blank-message.ts'
import { refuseUnsendable } from './rules/unsendable.ts'
import { findUserByEmail } from '../auth/users.ts'
import { toPendingCall } from '../store/chat-records.ts'
import { sendChannelMessage } from './channel-messages.ts'
import { askQuestion } from './ask-question.ts'

/**
 * The turn engine every door stands on (docs/chat/turns.md): HTTP, the chat UI's
 * resubmission, the CLI, channel pieces, the app's own code and expiry all send, settle, stop,
 * edit and branch through these guarded methods, as a caller (`req`: who, and through which
 * door). The rules live here; doors only turn their input into these calls and their results into
 * answers. What happened is told to `services.emit` (the engine knows no listener).
 */
export type Engine = ReturnType<typeof createEngine>

/** Wraps an engine method: refused with `FrogbotError('closed')` once the engine closes, else run and tracked until it settles. */
export type Guard = <A extends unknown[], R>(run: (...args: A) => Promise<R>) => (...args: A) => Promise<R>

/**
 * The engine's calls under way, so that `close` lets them finish before the database goes:
 * `guard` (see {@link Guard}) refuses new calls once `closing()` says so and tracks the others;
 * `finished(ms)` resolves once every tracked call settled, or after `ms` milliseconds.
 */
export function callTracker(closing: () => boolean): { guard: Guard; finished: (ms: number) => Promise<unknown> } {
  const calls = new Set<Promise<unknown>>()
  const guard: Guard =
    (run) =>
    (...args) => {
      if (closing()) return Promise.reject(new FrogbotError('closed', 'FrogBot is shutting down; retry on another server or once it is back.'))
      const call = run(...args)
      const tracked = call.then(() => {}, () => {})
      calls.add(tracked)
      void tracked.then(() => calls.delete(tracked))
      return call
    }
  return { guard, finished: (ms) => within(calls, ms) }
}

/** Resolves once every one of `promises` settled, or after `ms` milliseconds, whichever comes first. */
function within(promises: Iterable<Promise<unknown>>, ms: number): Promise<unknown> {
  return Promise.race([Promise.allSettled(promises), new Promise((resolve) => setTimeout(resolve, ms).unref())])
}

/**
 * The `kickQueue` of the services (see `TurnServices`): `start(chatId)` unless the engine is
 * closing (then `false`); a failure is logged, naming the chat, and reads `false`.
 */
export function queueKicker(services: Pick<TurnServices, 'closing' | 'log'>, start: (chatId: string) => Promise<boolean>): (chatId: string) => Promise<boolean> {
  return (chatId) =>
    (services.closing ? Promise.resolve(false) : start(chatId)).catch((error) => {
      services.log(`frogbot: could not start the queued message of chat ${chatId}: ${error instanceof Error ? error.message : String(error)}`)
      return false
    })
}

/**
 * Closes the engine (see `Engine['close']`): sets `services.closing`, waits up to `graceMs` for
 * the calls under way, aborts the turns this process runs (reason {@link ShutdownStop}: a server
 * tool already running gets up to `graceMs` more to finish, and its result is stored) and
 * waits for them up to `graceMs` after that grace; a turn's failure after that is nobody's to
 * handle (it never becomes an unhandled rejection).
 */
export async function closeEngine(services: Pick<TurnServices, 'closing' | 'activeRuns' | 'turnsInFlight'>, callsFinished: (ms: number) => Promise<unknown>, graceMs: number): Promise<void> {
  services.closing = true
  await callsFinished(graceMs)
  const graceOver = delay(graceMs)
  const reason = new ShutdownStop(graceOver)
  for (const abort of services.activeRuns.values()) abort.abort(reason)
  // Waiting through allSettled handles every turn's failure, also one that comes after the wait.
  // A turn ends at once, or once its running tools finished or their grace passed: then it stores.
  await Promise.race([Promise.allSettled([...services.turnsInFlight]), graceOver.then(() => delay(graceMs))])
}

/** Resolves after `ms` milliseconds, keeping no process alive. */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}


/** The engine's methods that write a chat through a message: send, answer, stop, edit, queue, branch. */
function messageMethods(services: TurnServices, guard: Guard) {
  return {
    /**
     * Sends a user message (see `sendMessage`); a blank one, or text with NUL, is refused, naming
     * `field` (default `message.parts`); an id the chat already uses, naming `idField` (default
     * `message.id`); a malformed new chat id naming `chatIdField` (default `chatId`), with
     * `newChatAdvice` (how to start a new chat instead; default: leave the id out).
     */
    sendMessage: guard(async ({ field = 'message.parts', ...options }: {
      agentSlug: string
      chatId?: string
      message: UIMessage
      req: Caller
      canQueue?: boolean
      field?: string
      idField?: string
      chatIdField?: string
      newChatAdvice?: string
    }) => {
      refuseUnsendable(options.message.parts, field)
      return sendMessage(services, options)
    }),
    /**
     * Refuses what `sendMessage` would refuse of `message` in chat `chatId` after the same
     * request's answers settle (see `refuseUnsendableTo`), its parts first (naming `field`), so a
     * door checks a message before settling the answers that come with it.
     */
    refuseUnsendableTo: guard(async ({ field = 'message.parts', ...options }: { agentSlug: string; chatId: string; message: UIMessage; req: Caller; field?: string; idField?: string }) => {
      refuseUnsendable(options.message.parts, field)
      await refuseUnsendableTo(services, options)
    }),
    /**
     * The one settle door (see `settleActions`); `fieldOf` names a call's field in a refusal of two
     * answers to it, `outputField` the field of its output in a refusal of that output.
     */
    settle: guard((options: Parameters<typeof settle>[1]) => settle(services, options)),
    /** The settle door's checks of who may settle a call now, settling nothing (see `mayAnswer`). */
    mayAnswer: guard((options: { chatId: string; agentSlug?: string; toolCallId: string; req: Caller }) => mayAnswer(services, options)),
    stop: guard(
      (options: { chatId: string; agentSlug?: string; req: Caller; messageId?: string; graceMs?: number }) =>
        stopTurn(services, options)
    ),
    /**
     * Edits a user message (see `editMessage`); blank new parts are refused as `<field>: must not be
     * empty or blank`, text with NUL as `<field>: must not contain NUL (U+0000)` (`field` default `text`).
     */
    editMessage: guard(async ({ field = 'text', ...options }: Parameters<typeof editMessage>[1] & { field?: string }) => {
      if (options.parts) refuseUnsendable(options.parts, field)
      return editMessage(services, options)
    }),
    /** Edits (with `text`, not blank, without NUL) or deletes a queued message (see `changeQueued`). */
    changeQueued: guard(async (options: Parameters<typeof changeQueued>[1]) => {
      if (options.text !== undefined) refuseUnsendable([{ type: 'text', text: options.text }], 'text')
      return changeQueued(services, options)
    }),
    branch: guard(async (options: Parameters<typeof branchChat>[1]) => chatSummary(services, await branchChat(services, options)))
  }
}

/** The engine's methods on a chat as a whole: read, list, rename, delete; and the drafts of its cards. */
function chatMethods(services: TurnServices, guard: Guard) {
  return {
    /** The draft of a waiting call's card (see `readDraft`, `saveDraft`, `deleteDraft`): never an answer. */
    readDraft: guard((options: Parameters<typeof readDraft>[1]) => readDraft(services, options)),
    saveDraft: guard((options: Parameters<typeof saveDraft>[1]) => saveDraft(services, options)),
    deleteDraft: guard((options: Parameters<typeof deleteDraft>[1]) => deleteDraft(services, options)),
    readChat: guard((options: { chatId: string; agentSlug?: string; req: Caller }) => readChat(services, options)),
    pending: guard((options: { chatId: string; agentSlug?: string; req: Caller }) => pendingOf(services, options)),
    listChats: guard((options: Parameters<typeof listChats>[1]) => listChats(services, options)),
    /** Every call the caller may answer, across chats and agents (see `listInbox`). */
    inbox: guard((options: InboxOptions) => listInbox(services, options)),
    /** Renames a web chat (see `renameChat`). */
    renameChat: guard((options: Parameters<typeof renameChat>[1]) => renameChat(services, options)),
    /** Deletes a web chat that runs no turn (see `deleteChat`). */
    deleteChat: guard((options: Parameters<typeof deleteChat>[1]) => deleteChat(services, options))
  }
}

/** The engine's methods for channel pieces: a thread's message and chat, the chats still waiting, a participant's user. */
function channelMethods(services: TurnServices, guard: Guard) {
  return {
    /** A message from a channel thread: continues the thread's chat or starts one (see `sendChannelMessage`); a blank one is refused (`message.parts`). */
    sendChannelMessage: guard(async (options: Parameters<typeof sendChannelMessage>[1]) => {
      refuseBlank(options.message.parts, 'message.parts')
      return sendChannelMessage(services, options)
    }),
    /** The chat of a piece's thread, or `null` (read as FrogBot itself). */
    channelChat: guard(async ({ instance, thread }: { instance: string; thread: string }) => {
      const chat = await services.store.findChannelChat(instance, thread)
      return chat ? chatSummary(services, chat) : null
    }),
    /** A page of a piece's chats with calls still waiting, by chat id after `after`, each with its pending calls. */
    waitingChannelChats: guard(async ({ instance, after, limit }: { instance: string; after?: string; limit: number }) => {
      const chats = await services.store.waitingChannelChats(instance, { after, limit })
      return Promise.all(chats.map(async (chat) => ({ chat: chatSummary(services, chat), pending: (await services.store.getPendingCalls(chat.id)).map(toPendingCall) })))
    }),
    /** The FrogBot user with `email`, or `null` (to match a channel participant). */
    findUserByEmail: guard((email: string) => findUserByEmail(services.store.db, email))
  }
}

/**
 * Builds the engine on `services` (without `kickQueue`, which the engine provides). With
 * `startQueuedTurns: false` this process never starts queued messages (maintenance elsewhere does).
 */
export function createEngine(base: Omit<TurnServices, 'kickQueue'>, { startQueuedTurns = true }: { startQueuedTurns?: boolean } = {}) {
  const services: TurnServices = { ...base, kickQueue: async () => false }
  if (startQueuedTurns) services.kickQueue = queueKicker(services, (chatId) => startNextQueued(services, chatId))
  const { guard, finished } = callTracker(() => services.closing)
  return {
    services,
    ...messageMethods(services, guard),
    ...chatMethods(services, guard),
    ...channelMethods(services, guard),
    maintain: guard(() => runMaintenance(services)),
    /** Asks a person a question in a new chat of the caller, without the model (see `askQuestion`). */
    ask: guard((options: Parameters<typeof askQuestion>[1]) => askQuestion(services, options)),
    /**
     * Stops taking work (every method then throws `FrogbotError('closed')`), lets calls under way
     * finish, and stops the turns this process runs as Stop does: each ends keeping what it
     * generated and leaves its chat idle; a server tool already running is given up to
     * `graceMs` to finish, and its result is stored (docs/chat/turns.md). Waits up to
     * `graceMs` for each of these; a turn still running then is left to its lease, as after a
     * crash, and its result's failure, if any, is nobody's to handle (it never becomes an
     * unhandled rejection).
     */
    close: (graceMs = 5000) => closeEngine(services, finished, graceMs)
  }
}
