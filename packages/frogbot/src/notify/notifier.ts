import { createHash } from 'node:crypto'
import {
  APPROVAL_KIND,
  type ChatSummary,
  durationText,
  type PendingCall,
  type SettlementWithPart
} from '@frogbotai/protocol'
import type { EngineEvent } from '../contract/engine-events.ts'
import type { AttachedPiece, DirectPerson } from '../contract/piece.ts'
import { chatSummary } from '../turns/views/chat-summary.ts'
import { directSender } from './direct-sender.ts'
import { findUserById } from '../auth/users.ts'
import type { ChatStore } from '../store/chat-store.ts'
import { toPendingCall } from '../store/chat-records.ts'
import type { DueNotice } from '../store/notice-queries.ts'
import { type AnswerLink, mintLinks } from './answer-links.ts'
import { type LinkDoorDeps, type PostedForm, showLink, useLink } from './answer-link-door.ts'
import { emailSender } from './email-sender.ts'
import { agentNameOf, chatURLOf, type NoticeCall, noticeEmail, type NoticeType } from './notice-text.ts'
import { noticePlan, type NotifyOptions } from './notify-options.ts'
import { recipientsOf } from './recipients.ts'
import { webhookSender } from './webhook-sender.ts'
import { type LinkAgent, linkMayAnswer } from './link-access.ts'

/**
 * What the notifier runs on: the options, the store, the agents (their names, and their tools'
 * `access` rules, asked before a notice goes), the settle door, the clock, the log, the environment.
 */
export type NotifierDeps = {
  options: NotifyOptions
  store: ChatStore
  agents: Map<string, { profile?: { name?: string } } & LinkAgent>
  settle: LinkDoorDeps['settle']
  now: () => Date
  log: (line: string) => void
  /** Where links point: `FROGBOT_PUBLIC_URL`, without a trailing slash. */
  publicURL: string
  /** `SMTP_URL`, when set. */
  smtpUrl?: string
  /** The webhook's waits between attempts (tests shorten them). */
  retryDelaysMs?: number[]
  /** The configured pieces, by instance name (for `notify.pieces`). */
  pieces?: Map<string, AttachedPiece>
}

/** A chat as a notice needs it: its summary and its owner. */
type NoticeChat = ChatSummary & { ownerId: string | null }

/** A stable event id: the same notice of the same calls has the same id, across retries and processes. */
function eventId(type: string, chatId: string, toolCallIds: string[], step: number): string {
  return `evt_${createHash('sha256').update(`${type}:${chatId}:${toolCallIds.join(',')}:${step}`).digest('hex').slice(0, 24)}`
}

/**
 * Notices of waiting calls (docs/chat/reach-people.md): `listener` sends the first notice when a
 * turn starts waiting (once per call across processes: `startNotices`) and the webhook's
 * `call.settled`; `sweep` sends the reminders and the escalation that are due, each claimed in the
 * database by one process (`claimNotice`), none for a settled call; `pages` is the answer-link
 * door. `idle()` resolves once every notice under way went out; `close()` lets go of the SMTP connection.
 */
export function createNotifier(deps: NotifierDeps) {
  const { options, store, now, log, publicURL } = deps
  const plan = noticePlan(options)
  const mail = options.email ? emailSender({ from: options.email.from, smtpUrl: deps.smtpUrl, log }) : null
  const hook = options.webhook ? webhookSender({ ...options.webhook, log, now, retryDelaysMs: deps.retryDelaysMs }) : null
  const direct = options.pieces?.length && deps.pieces ? directSender({ instances: options.pieces, pieces: deps.pieces, log }) : null
  const underWay = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>, what: string) => {
    const tracked = work.catch((error) => log(`frogbot: ${what} failed: ${error instanceof Error ? error.message : String(error)}`))
    underWay.add(tracked)
    void tracked.then(() => underWay.delete(tracked))
  }
  const iso = (ms = 0) => new Date(now().getTime() + ms).toISOString()
  const agentName = (slug: string) => agentNameOf(deps.agents, slug)
  // Each call and person a tool's access refused a notice to is logged once (by this process).
  const refusedLogged = new Set<string>()

  /**
   * Whether `address` may be sent a notice of `call` in web chat `chat`: the tool's own
   * `approval.access` or `client.access`, asked now as their answer link would ask it (see
   * `linkMayAnswer`), lets them. A refusal is logged once per call and person; a rule that throws
   * is logged and the notice goes (its link's `POST` asks again).
   */
  const mayNotify = async (chat: NoticeChat, call: PendingCall, address: string): Promise<boolean> => {
    const agent = deps.agents.get(chat.agentSlug)
    const may = await linkMayAnswer({ db: store.db, agent, recipient: address, call })
    const what = `"${call.toolName}" (call ${call.toolCallId}) in chat ${chat.id} to ${address}`
    const rule = call.kind === APPROVAL_KIND ? 'approval.access' : 'client.access'
    if ('threw' in may) {
      const reason = may.threw instanceof Error ? may.threw.message : String(may.threw)
      log(`frogbot: the tool's ${rule} failed on the notice of ${what}: ${reason}; the notice goes`)
      return true
    }
    if (may.allowed) return true
    const key = `${chat.id}\u0000${call.toolCallId}\u0000${address}`
    if (!refusedLogged.has(key)) {
      refusedLogged.add(key)
      log(`frogbot: no notice of ${what}: the tool's ${rule} refuses them (logged once per call and person)`)
    }
    return false
  }

  /** The next due time after the first notice at `noticeAt`, given reminders sent and whether it escalated. */
  const nextDue = (noticeAt: string, remindersSent: number, escalated: boolean): string | null => {
    const offset = Math.min(plan.remindMs[remindersSent] ?? Infinity, escalated || plan.escalateMs === null ? Infinity : plan.escalateMs)
    return Number.isFinite(offset) ? new Date(new Date(noticeAt).getTime() + offset).toISOString() : null
  }

  /** An address for a recipient: an email as it is, a user id as its user's email (nobody when unknown). */
  const addressOf = async (recipient: string): Promise<string | null> => (recipient.includes('@') ? recipient : ((await findUserById(store.db, recipient))?.email ?? null))

  /** Sends one notice of `calls` to each of `audience` (by call): in a direct message where a piece knows them, by email; and the webhook event with every link. */
  async function deliver(type: NoticeType, chat: NoticeChat, calls: PendingCall[], audience: (call: PendingCall) => string[], step: number, escalatedAfter?: string) {
    if (direct) {
      for (const call of calls) {
        const people: DirectPerson[] = await Promise.all(audience(call).map(async (entry) => ({ entry, email: await addressOf(entry) })))
        track(direct.send(type, chat, call, people), `the direct messages of call ${call.toolCallId}`)
      }
    }
    if (!mail && !hook) return
    const owner = chat.ownerId ? await findUserById(store.db, chat.ownerId) : null
    const byRecipient = new Map<string, PendingCall[]>()
    for (const call of calls) {
      for (const entry of audience(call)) {
        const address = await addressOf(entry)
        // A web chat's notice carries answer links: none to someone the tool's access refuses now.
        if (address && !chat.channel && !(await mayNotify(chat, call, address.toLowerCase()))) continue
        if (address) byRecipient.set(address.toLowerCase(), [...(byRecipient.get(address.toLowerCase()) ?? []), call])
      }
    }
    const chatURL = chatURLOf(publicURL, chat.agentSlug, chat.id)
    const links: { recipient: string; toolCallId: string; label: string; url: string }[] = []
    const at = iso()
    const expiresAt = iso(plan.linkTtlMs)
    for (const [recipient, theirs] of byRecipient) {
      const entries: NoticeCall[] = []
      for (const call of theirs) {
        // A channel conversation is answered only in its channel: its notices carry no answer link.
        const minted = chat.channel ? { links: [], rows: [] } : mintLinks({ call, recipient, publicURL, now: at, expiresAt })
        await store.saveLinks(minted.rows)
        entries.push({ call, links: minted.links })
        links.push(...minted.links.map((link: AnswerLink) => ({ recipient, toolCallId: call.toolCallId, ...link })))
      }
      if (mail) {
        const content = { type, agentName: agentName(chat.agentSlug), askedBy: owner?.name ?? owner?.email ?? null, chatTitle: chat.title, chatURL, calls: entries, escalatedAfter }
        track(mail.send({ to: recipient, ...noticeEmail(content) }), `email to ${recipient}`)
      }
    }
    const ids = calls.map((call) => call.toolCallId)
    if (hook) track(hook({ type, id: eventId(type, chat.id, ids, step), chatId: chat.id, agentSlug: chat.agentSlug, chatURL, pending: calls, links }), `webhook ${type}`)
  }

  /** The first notice of calls that started waiting, for those this process marked first. */
  async function firstNotice(chat: ChatSummary, ownerId: string | null, pending: PendingCall[]) {
    const noticeAt = iso()
    const marked = await store.startNotices({ chatId: chat.id, toolCallIds: pending.map((call) => call.toolCallId), now: noticeAt, dueAt: nextDue(noticeAt, 0, false) })
    const calls = pending.filter((call) => marked.includes(call.toolCallId))
    if (calls.length === 0) return
    const ownerEmail = ownerId ? ((await findUserById(store.db, ownerId))?.email ?? null) : null
    await deliver('call.waiting', { ...chat, ownerId }, calls, (call) => recipientsOf({ call, ownerEmail, channel: chat.channel !== null }), 0)
  }

  /**
   * Claims what is due of one call and sends it, if this process wins the claim; returns how many
   * notices it sent. Reminders a sleeping sweeper missed are sent as one (the latest); an
   * escalation due is sent besides, to its own audience.
   */
  async function sendDue(due: DueNotice): Promise<number> {
    const elapsed = now().getTime() - new Date(due.noticeAt).getTime()
    let remindersSent = due.remindersSent
    while (plan.remindMs[remindersSent] !== undefined && plan.remindMs[remindersSent] <= elapsed) remindersSent++
    const reminding = remindersSent > due.remindersSent
    const escalating = !due.escalated && plan.escalateMs !== null && plan.escalateMs <= elapsed
    if (!reminding && !escalating) {
      // The options changed since it was planned: plan again, send nothing.
      const next = nextDue(due.noticeAt, due.remindersSent, due.escalated)
      await store.claimNotice(due, { remindersSent, nextDueAt: next === due.dueAt ? null : next })
      return 0
    }
    const escalation = escalating ? { at: iso(), to: plan.escalateTo } : undefined
    if (!(await store.claimNotice(due, { remindersSent, escalation, nextDueAt: nextDue(due.noticeAt, remindersSent, due.escalated || escalating) }))) return 0
    const record = await store.getChat(due.call.chatId)
    if (!record) return 0
    const chat = { ...chatSummary({ pieces: deps.pieces ?? new Map(), now }, record), ownerId: record.ownerId }
    const ownerEmail = chat.ownerId ? ((await findUserById(store.db, chat.ownerId))?.email ?? null) : null
    const call = toPendingCall(escalation ? { ...due.call, escalatedAt: escalation.at, escalatedTo: escalation.to } : due.call)
    if (reminding) {
      // Those an earlier escalation told are reminded too; those told just now get the escalation alone.
      const audience = [...recipientsOf({ call, ownerEmail, channel: chat.channel !== null }), ...(due.escalated ? (call.escalatedTo ?? []) : [])]
      await deliver('call.reminder', chat, [call], () => [...new Set(audience)], remindersSent)
    }
    if (escalating) await deliver('call.escalated', chat, [call], () => plan.escalateTo, 0, durationText(plan.escalateMs!))
    return Number(reminding) + Number(escalating)
  }

  const { agents, settle } = deps
  const pageDeps: LinkDoorDeps = { store, agents, settle, agentName, now, publicURL }
  return {
    /** The engine listener: first notices, and the webhook's `call.settled`. */
    listener: (event: EngineEvent) => {
      if (event.type === 'calls-waiting') track(firstNotice(event.chat, event.ownerId, event.pending), `the notice of chat ${event.chat.id}`)
      if (event.type === 'calls-settled' && direct) track(direct.settled(event.chat, event.settlements), `the direct cards of chat ${event.chat.id}`)
      if (event.type === 'calls-settled' && hook) {
        const settlements: SettlementWithPart[] = event.settlements
        const ids = settlements.map((settlement) => settlement.toolCallId)
        track(hook({ type: 'call.settled', id: eventId('call.settled', event.chat.id, ids, 0), chatId: event.chat.id, agentSlug: event.chat.agentSlug, settlements }), 'webhook call.settled')
      }
    },
    /**
     * Sends every reminder and escalation due now that this process claims; returns how many. Also
     * deletes links that expired a day ago (their refusal page says "expired" for a day, then "does not work").
     */
    sweep: async (): Promise<number> => {
      let sent = 0
      for (const due of await store.dueNotices({ now: iso() })) sent += await sendDue(due)
      await store.deleteExpiredLinks({ before: iso(-86_400_000) })
      return sent
    },
    pages: { show: (token: string) => showLink(pageDeps, token), use: (token: string, form: PostedForm) => useLink(pageDeps, token, form) },
    /** One start-up line: where notices go and where their links point (no credentials). */
    describe: (): string => {
      const email = options.email ? (deps.smtpUrl ? `email through ${deps.smtpUrl.replace(/\/\/[^@/]*@/, '//')}` : 'email logged with its links (SMTP_URL is unset)') : null
      const webhook = options.webhook ? `webhook to ${new URL(options.webhook.url).origin}` : null
      const pieces = direct ? `direct messages through ${options.pieces!.join(', ')}` : null
      return `notices: ${[email, webhook, pieces].filter(Boolean).join(', ') || 'none (no email, webhook or pieces)'}; answer links on ${publicURL}`
    },
    idle: async () => {
      while (underWay.size > 0) await Promise.allSettled([...underWay])
    },
    close: () => mail?.close()
  }
}

/** A running notifier (see {@link createNotifier}). */
export type Notifier = ReturnType<typeof createNotifier>
