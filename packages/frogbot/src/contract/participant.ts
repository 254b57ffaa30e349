/**
 * What a piece knows of a participant besides who they are: platform fields such as a Discord
 * `username` and `roles`, a GitHub `login` and `association`, a Telegram `username`. Each piece's
 * README lists its own; they reach `req.channel` as they are, for the agent's `access` to decide on.
 */
export type ParticipantField = string | string[] | undefined

/**
 * A participant of a channel conversation: a person on the platform as its piece found them, by
 * their platform user id, with the name people see and their email where the platform shares one
 * (a piece whose participants are identified by email has FrogBot match it to a FrogBot user),
 * plus the piece's own platform fields (see {@link ParticipantField}). Every field reaches
 * `req.channel` in the agent's `access`, and is kept with a queued message so that its turn runs
 * as the same participant.
 */
export type Participant = { userId: string; name?: string; email?: string; [field: string]: ParticipantField }
