/**
 * What the engine needs to know of a channel piece instance (the full piece contract builds on
 * it): which piece it is (`slack`), its instance name (its webhook is `/api/webhooks/<instance>`),
 * the agent it is attached to, how its platform is named to people (`Slack`), and which client
 * tool kinds can be answered in its threads: calls of other kinds are withheld from the model in
 * its chats (seed: "Where questions are offered").
 */
export type ChannelDoor = {
  piece: string
  instance: string
  agentSlug: string
  label: string
  supportsKind: (kind: string) => boolean
}
