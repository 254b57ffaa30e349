import type { ChatSummary } from '@frogbotai/protocol'

/** A day of the list of chats: its heading and its chats, newest first. */
export type ChatGroup = { label: string; chats: ChatSummary[] }

const DAY_MS = 24 * 60 * 60 * 1000

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
}

/**
 * The chats (newest first) under headings by when they last changed: "Today", "Yesterday",
 * "Previous 7 days", "Previous 30 days", then one heading per month ("March 2026"), in the
 * reader's time zone.
 */
export function groupChats(chats: readonly ChatSummary[], now = new Date(), locale?: string): ChatGroup[] {
  const today = startOfDay(now)
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' })
  const groups: ChatGroup[] = []
  for (const chat of chats) {
    const at = new Date(chat.updatedAt)
    const day = startOfDay(at)
    const label =
      day >= today ? 'Today' : day >= today - DAY_MS ? 'Yesterday' : day >= today - 7 * DAY_MS ? 'Previous 7 days' : day >= today - 30 * DAY_MS ? 'Previous 30 days' : month.format(at)
    const last = groups.at(-1)
    if (last?.label === label) last.chats.push(chat)
    else groups.push({ label, chats: [chat] })
  }
  return groups
}

/** When a chat last changed, short: the time today ("14:05"), the weekday this week ("Tue"), else the date ("3 Mar"). */
export function shortTime(iso: string, now = new Date(), locale?: string): string {
  const at = new Date(iso)
  const day = startOfDay(at)
  const today = startOfDay(now)
  if (day >= today) return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at)
  if (day >= today - 6 * DAY_MS) return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(at)
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }) }).format(at)
}

/** When a chat last changed, in full, for a tooltip and assistive technology ("3 March 2026, 14:05"). */
export function fullTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))
}
