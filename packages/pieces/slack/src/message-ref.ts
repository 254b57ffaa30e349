/** A Slack message's id in card records: `<channel>:<ts>` (a `ts` is unique only within its channel). */
export const messageRef = (channel: string, ts: string) => `${channel}:${ts}`
