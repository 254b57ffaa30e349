import { useChat } from '@ai-sdk/react'
import type { AgentSummary } from '@frogbotai/protocol'
import { type ReactNode, useMemo, useState } from 'react'
import { ChannelConversationNotice } from './channel-conversation-notice.tsx'
import { AskedNotice } from './asked-notice.tsx'
import { ChatAlert, ConnectionAlert } from './chat-alerts.tsx'
import { useChatContext, useChatSession } from './chat-context.ts'
import { ChatShell } from './chat-shell.tsx'
import { Composer } from './composer.tsx'
import { randomId } from './ids.ts'
import { MessageList } from './message-list.tsx'
import { QueuedStrip } from './queued-strip.tsx'
import { SignIn } from './sign-in.tsx'
import { type ToolActions, ToolActionsContext } from './tool-actions-context.ts'
import { ToolPart } from './tool-part.tsx'
import { type AnyToolPart, isApprovalPart, isToolPart, waitingToolParts } from './tool-parts.ts'
import { TypingIndicator } from './typing-indicator.tsx'

/**
 * Props of {@link Chat}:
 * - `agent`: the agent's slug;
 * - `chatId`: the chat to show (controlled); without it the component starts a new chat of its own,
 *   as it does when `chatId` goes back to `undefined` (keep it in the address with `useChatIdInUrl`,
 *   so that a reload comes back to the same chat);
 * - `onChatIdChange(chatId)`: called when a new chat receives its first message and when Branch
 *   opens a copy (update `chatId` then, if you control it);
 * - `placeholder`: the composer's placeholder;
 * - `header`: shown above the conversation;
 * - `loading`, `error(message)`, `emptyState`, `unavailable`: what shows while the manifest and
 *   chat load, when loading failed, before the first message, and when the agent is not offered
 *   to this caller (default: the `SignIn` form when nobody is signed in, else a line saying so);
 * - `className`: added to the root element.
 */
export type ChatProps = {
  agent: string
  chatId?: string
  onChatIdChange?: (chatId: string) => void
  placeholder?: string
  header?: ReactNode
  loading?: ReactNode
  error?: (message: string) => ReactNode
  emptyState?: ReactNode
  unavailable?: ReactNode
  className?: string
}

/**
 * A whole chat with one agent (seed: "Answer in the chat UI"): history, streaming replies in
 * Markdown, composer with Stop, queued messages, and tool cards from the provider's renderers.
 * While a client tool call or a server tool's call waiting for approval waits, its card is docked
 * above the composer and the composer is hidden (what it held comes back with it; a card that
 * appears while the person was typing leaves the focus alone); once settled the card shows in the
 * conversation. An approval that needs several people, on which this person already voted, waits
 * in the conversation instead, and the composer stays. A reply that failed says why
 * in one sentence, with Retry. A chat read only as an assignee of its calls shows "You were asked
 * in this chat" instead of the composer, with no Edit or Branch. A channel conversation is read-only,
 * with the channel notice instead of the composer. Nobody signed in: the sign-in form.
 */
export function Chat(props: ChatProps) {
  const [freshId, setFreshId] = useState(() => randomId('chat_'))
  const [ownId, setOwnId] = useState(freshId)
  // A `chatId` taken away (a "New chat" button of the app) starts a new chat here.
  const [lastChatId, setLastChatId] = useState(props.chatId)
  if (lastChatId !== props.chatId) {
    setLastChatId(props.chatId)
    if (props.chatId === undefined) {
      const id = randomId('chat_')
      setFreshId(id)
      setOwnId(id)
    }
  }
  const chatId = props.chatId ?? ownId
  const { manifest } = useChatContext()
  if (manifest.status === 'loading') return <ChatShell className={props.className}>{props.loading ?? <TypingIndicator label="Loading" />}</ChatShell>
  if (manifest.status === 'error') return <ChatShell className={props.className}>{props.error ? props.error(manifest.error) : <ChatAlert message={manifest.error} />}</ChatShell>
  const agent = manifest.manifest.agents.find((summary) => summary.slug === props.agent)
  if (!agent) {
    return (
      <ChatShell className={props.className}>
        {props.unavailable ?? (manifest.manifest.user ? <p className="fb-empty">{`The agent "${props.agent}" is not available to you.`}</p> : <SignIn title="Sign in to chat" />)}
      </ChatShell>
    )
  }
  const switchTo = (id: string) => {
    if (props.chatId === undefined) setOwnId(id)
    props.onChatIdChange?.(id)
  }
  return <ChatView key={`${props.agent}\n${chatId}`} {...props} summary={agent} chatId={chatId} isNew={chatId === freshId} onSwitch={switchTo} />
}

function ChatView({
  summary,
  chatId,
  isNew,
  onSwitch,
  onChatIdChange,
  placeholder,
  header,
  loading,
  error,
  emptyState,
  className
}: ChatProps & { summary: AgentSummary; chatId: string; isNew: boolean; onSwitch: (id: string) => void }) {
  const { session, snapshot } = useChatSession(summary.slug, chatId, isNew)
  const { messages, status } = useChat({ chat: session.chat })
  const readonly = Boolean(snapshot.summary?.channel)
  // Asked in someone else's chat: the cards are answered here, nothing else is written.
  const askedOnly = snapshot.assigneeOnly
  const channelLabel = snapshot.summary?.channelLabel ?? undefined
  const streaming = status === 'streaming' || status === 'submitted'
  const busy = streaming || snapshot.joining || snapshot.summary?.state === 'running'

  const { manifest } = useChatContext()
  const userId = manifest.status === 'ready' ? manifest.manifest.user?.id : undefined
  // This person's vote is in: the call waits for others, not for them.
  const votedHere = (part: AnyToolPart) =>
    Boolean(userId) && isApprovalPart(part) && Boolean(snapshot.pending.find((call) => call.toolCallId === part.toolCallId)?.quorum?.votes.some((vote) => 'userId' in vote.by && vote.by.userId === userId))

  const docked = useMemo(() => {
    if (readonly) return []
    const waiting = waitingToolParts(messages).filter((part) => !votedHere(part))
    const last = messages.at(-1)
    // An answer on its way, or one that did not get through, keeps its card docked until the server has it.
    const answered = [...snapshot.submitting, ...snapshot.unsentAnswers]
    const sending =
      !last || last.role !== 'assistant'
        ? []
        : (last.parts as readonly { type: string }[]).filter(isToolPart).filter((part) => answered.includes(part.toolCallId) && !waiting.some((w) => w.toolCallId === part.toolCallId))
    return [...waiting, ...sending]
  }, [messages, status, snapshot.submitting, snapshot.unsentAnswers, snapshot.pending, userId, readonly])
  const dockedIds = useMemo(() => new Set(docked.map((part) => part.toolCallId)), [docked])

  const actions = useMemo<ToolActions>(
    () => ({
      canAnswer: (part) =>
        !readonly &&
        !streaming &&
        (part.state === 'input-available' || part.state === 'approval-requested') &&
        !votedHere(part) &&
        waitingToolParts(session.chat.messages).some((waiting) => waiting.toolCallId === part.toolCallId),
      addToolOutput: (part, output) => session.answer(part, output),
      dismiss: (part, reason) => session.dismiss(part, reason),
      isReadonly: readonly,
      channelLabel,
      errorFor: (toolCallId) => snapshot.callErrors[toolCallId],
      clientTool: (name) => summary.clientTools?.find((tool) => tool.name === name),
      isSending: (toolCallId) => snapshot.submitting.includes(toolCallId),
      settledElsewhere: (toolCallId) => snapshot.settledElsewhere[toolCallId],
      draftFor: (toolCallId) => snapshot.drafts[toolCallId],
      saveDraft: (part, draft) => session.saveDraft(part.toolCallId, draft),
      isUnsent: (toolCallId) => snapshot.unsentAnswers.includes(toolCallId),
      retry: () => session.retryNow(),
      mayTakeFocus: () => !session.typingWhenHidden,
      addToolApprovalResponse: (part, response) => session.respond(part, response),
      approvalTool: (name) => summary.approvalTools?.find((tool) => tool.name === name),
      pendingCall: (toolCallId) => snapshot.pending.find((call) => call.toolCallId === toolCallId),
      settlementFor: (toolCallId) => snapshot.settlements[toolCallId]
    }),
    [session, readonly, streaming, channelLabel, snapshot.callErrors, snapshot.submitting, snapshot.settledElsewhere, snapshot.drafts, snapshot.unsentAnswers, snapshot.pending, snapshot.settlements, summary, userId]
  )
  const lastUserId = messages.findLast((message) => message.role === 'user')?.id

  if (!snapshot.loaded) {
    if (snapshot.loadError) return <ChatShell className={className}>{error ? error(snapshot.loadError) : <ChatAlert message={snapshot.loadError} />}</ChatShell>
    return (
      <ChatShell className={className} bottom={snapshot.unreachable ? <ConnectionAlert onRetry={() => session.retryNow()} /> : null}>
        {loading ?? <TypingIndicator label="Loading" />}
      </ChatShell>
    )
  }
  const branch = async (messageId?: string) => {
    const id = await session.branch(messageId)
    if (id) onSwitch(id)
  }
  const send = (text: string) => {
    if (!snapshot.summary) onChatIdChange?.(chatId)
    void session.send(text)
  }
  const assistantName = summary.profile?.name ?? 'Assistant'

  const bottom = (
    <>
      {snapshot.unreachable ? (
        <ConnectionAlert onRetry={() => session.retryNow()} />
      ) : snapshot.failedReply ? (
        <ChatAlert message={snapshot.failedReply} onRetry={busy ? undefined : () => void session.retryReply()} onClose={() => session.clearNotice()} />
      ) : snapshot.notice ? (
        <ChatAlert message={snapshot.notice} onClose={() => session.clearNotice()} />
      ) : null}
      {docked.length > 0 ? (
        <div className="fb-dock" aria-label="Waiting for your answer" role="region">
          {docked.map((part) => (
            <ToolPart key={part.toolCallId} part={part} />
          ))}
        </div>
      ) : null}
      <QueuedStrip
        queued={snapshot.queued}
        onEdit={readonly ? undefined : (messageId, text) => void session.editQueued(messageId, text)}
        onDelete={readonly ? undefined : (messageId) => void session.deleteQueued(messageId)}
      />
      {readonly ? (
        <ChannelConversationNotice channelLabel={channelLabel ?? 'its channel'} onBranch={() => void branch()} />
      ) : docked.length > 0 ? null : askedOnly ? (
        <AskedNotice />
      ) : (
        <Composer
          onSend={send}
          busy={busy}
          onStop={() => void session.stop()}
          placeholder={placeholder ?? `Message ${assistantName}`}
          restore={snapshot.unsent}
          initialText={session.composerText}
          onTextChange={(text) => (session.composerText = text)}
          onHidden={(typing) => (session.typingWhenHidden = typing)}
        />
      )}
    </>
  )
  return (
    <ToolActionsContext.Provider value={actions}>
      <ChatShell className={className} header={header} bottom={bottom} followKey={lastUserId}>
        <MessageList
          messages={messages}
          hiddenToolCallIds={dockedIds}
          assistantName={assistantName}
          streaming={streaming}
          replying={streaming && snapshot.submitting.length === 0}
          onEdit={readonly || askedOnly || busy || docked.length > 0 ? undefined : (messageId, text) => void session.edit(messageId, text)}
          onBranch={busy || askedOnly ? undefined : (messageId) => void branch(messageId)}
          emptyState={emptyState ?? <EmptyState summary={summary} />}
        />
        {(status === 'submitted' && messages.at(-1)?.role === 'user') || snapshot.joining ? <TypingIndicator label="Replying…" visible /> : null}
      </ChatShell>
    </ToolActionsContext.Provider>
  )
}

function EmptyState({ summary }: { summary: AgentSummary }) {
  return (
    <div className="fb-empty-state">
      <p className="fb-empty-title">{summary.profile?.name ?? summary.slug}</p>
      {summary.profile?.description ? <p className="fb-muted">{summary.profile.description}</p> : null}
    </div>
  )
}
