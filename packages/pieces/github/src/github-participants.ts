import type { Message } from 'chat'
import { type Participant, withoutAtMentions } from 'frogbot/channels'

/**
 * A commenter's association with the repository, from GitHub's `author_association`
 * ("Webhook events and payloads", docs.github.com): `owner` (OWNER), `member` of the owning
 * organization (MEMBER), `collaborator` invited to the repository (COLLABORATOR), `contributor`
 * who has committed to it (CONTRIBUTOR, FIRST_TIME_CONTRIBUTOR), `none` (FIRST_TIMER, NONE,
 * MANNEQUIN, or none given).
 */
export type GithubAssociation = 'owner' | 'member' | 'collaborator' | 'contributor' | 'none'

/**
 * A GitHub commenter as the piece hands them to FrogBot: `userId` is their numeric GitHub user
 * id as a string (stable: a login can be renamed and taken by someone else), `name` and `login`
 * their login, `association` their association with the repository of the comment.
 */
export type GithubParticipant = Participant & { name: string; login: string; association: GithubAssociation }

const ASSOCIATIONS: Record<string, GithubAssociation> = {
  OWNER: 'owner',
  MEMBER: 'member',
  COLLABORATOR: 'collaborator',
  CONTRIBUTOR: 'contributor',
  FIRST_TIME_CONTRIBUTOR: 'contributor'
}

/** What Chat SDK's GitHub adapter keeps of a comment in `message.raw`. */
type RawComment = { comment?: { body?: string; user?: { id: number; login: string; type?: string }; author_association?: string } }

const commentOf = (message: Message) => (message.raw as RawComment | undefined)?.comment

/** The author of a comment, as a {@link GithubParticipant}. */
export function githubParticipant(message: Message): GithubParticipant {
  const comment = commentOf(message)
  const login = comment?.user?.login ?? message.author.userName
  return { userId: String(comment?.user?.id ?? message.author.userId), name: login, login, association: ASSOCIATIONS[comment?.author_association ?? ''] ?? 'none' }
}

/** A participant as GitHub mentions them: `@login`; someone without a login FrogBot knows is named without a mention. */
export const githubMention = (participant: { userId: string; name?: string }) =>
  participant.name && /^[A-Za-z0-9][A-Za-z0-9_.-]*(\[bot\])?$/.test(participant.name) ? `@${participant.name}` : `GitHub user ${participant.userId}`

/**
 * What a comment says, for the agent and for the answer commands: its Markdown as written, the
 * bot's mentions (`@name`, `@name[bot]`) taken out. A comment of the bot itself says nothing (it
 * is never a message to the agent, even before GitHub told the bot its own id).
 */
export function commentText(isBot: (author: { id: number; login: string }) => boolean, botUsername: string) {
  return (message: Message): string => {
    const comment = commentOf(message)
    if (comment?.user && isBot(comment.user)) return ''
    return withoutAtMentions(comment?.body ?? message.text, [botUsername, `${botUsername}[bot]`])
  }
}
