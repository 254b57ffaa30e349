import { APPROVAL_KIND, type PendingCall } from '@frogbotai/protocol'
import type { AnswerLink } from './answer-links.ts'
import { questionsOf } from './answer-links.ts'
import { escapeHtml } from './answer-page.ts'

/** Which notice it is: the first, a reminder, or the one of an escalation. */
export type NoticeType = 'call.waiting' | 'call.reminder' | 'call.escalated'

/** The admin chat's page of a chat: `<publicURL>/admin/chats/<agent>/<chatId>`. */
export function chatURLOf(publicURL: string, agentSlug: string, chatId: string): string {
  return `${publicURL}/admin/chats/${encodeURIComponent(agentSlug)}/${encodeURIComponent(chatId)}`
}

/** One line saying what a call asks: its question, `N questions: …`, `Approve "tool"?`, or the tool's name. */
export function callPrompt(call: Pick<PendingCall, 'kind' | 'input' | 'toolName'>): string {
  if (call.kind === APPROVAL_KIND) return `Approve “${call.toolName}”?`
  const questions = questionsOf(call)
  if (!questions) return `“${call.toolName}” waits for an answer`
  return questions.length === 1 ? questions[0].question : `${questions.length} questions: ${questions.map((question) => question.header).join(', ')}`
}

/** A call of a notice with its recipient's links. */
export type NoticeCall = { call: PendingCall; links: AnswerLink[] }

/** What a notice says, whichever way it goes. */
export type NoticeContent = { type: NoticeType; agentName: string; askedBy: string | null; chatTitle: string | null; chatURL: string; calls: NoticeCall[]; escalatedAfter?: string }

function subjectOf({ type, agentName, calls }: NoticeContent): string {
  const prompt = calls.length === 1 ? callPrompt(calls[0].call) : `${calls.length} calls wait`
  const lead = type === 'call.reminder' ? 'Reminder: ' : type === 'call.escalated' ? 'Escalated: ' : ''
  return `${lead}${agentName} asks: ${prompt}`.slice(0, 200)
}

function introOf({ type, agentName, askedBy, chatTitle, escalatedAfter }: NoticeContent): string {
  const where = `${chatTitle ? ` in “${chatTitle}”` : ''}${askedBy ? ` (${askedBy}’s chat)` : ''}`
  if (type === 'call.escalated') return `${agentName} is still waiting${where} after ${escalatedAfter ?? 'a while'}, so you are asked too.`
  if (type === 'call.reminder') return `${agentName} is still waiting for an answer${where}.`
  return `${agentName} is waiting for an answer${where}.`
}

/** The lines of one call: what it asks, then each link on the line of its option (or Approve, Deny, Answer). */
function callLines({ call, links }: NoticeCall): string[] {
  const questions = questionsOf(call)
  const lines = questions ? questions.map((question) => `${question.header}: ${question.question}`) : [callPrompt(call)]
  if (call.kind === APPROVAL_KIND) lines.push(`Input: ${JSON.stringify(call.input)}`)
  return [...lines, ...links.map((link) => `  ${link.label}: ${link.url}`)]
}

/** The email of a notice: a subject, the plain text (each option's link on its line) and the same as HTML. */
export function noticeEmail(content: NoticeContent): { subject: string; text: string; html: string } {
  const footer = 'Each link answers once, for you only; links stop working once the call is answered.'
  const text = [introOf(content), '', ...content.calls.flatMap((entry) => [...callLines(entry), '']), `Open the chat: ${content.chatURL}`, '', footer].join('\n')
  const callHtml = ({ call, links }: NoticeCall) => {
    const questions = questionsOf(call)
    const asks = questions
      ? questions.map((question) => `<p><strong>${escapeHtml(question.header)}</strong>: ${escapeHtml(question.question)}</p>`).join('')
      : `<p><strong>${escapeHtml(callPrompt(call))}</strong></p>${call.kind === APPROVAL_KIND ? `<pre>${escapeHtml(JSON.stringify(call.input, null, 2))}</pre>` : ''}`
    const items = links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`).join('')
    return `${asks}${items ? `<ul>${items}</ul>` : ''}`
  }
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(introOf(content))}</p>${content.calls.map(callHtml).join('')}
<p><a href="${escapeHtml(content.chatURL)}">Open the chat</a></p><p style="color:#666;font-size:90%">${escapeHtml(footer)}</p></body></html>`
  return { subject: subjectOf(content), text, html }
}

/** The agent's display name: its profile's `name`, else its slug. */
export function agentNameOf(agents: Map<string, { profile?: { name?: string } }>, slug: string): string {
  return agents.get(slug)?.profile?.name ?? slug
}
