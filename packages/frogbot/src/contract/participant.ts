/**
 * A participant of a channel conversation: a person on the platform as its piece found them, by
 * their platform user id, with the name people see and their email where the platform shares one
 * (a piece whose participants are identified by email has FrogBot match it to a FrogBot user).
 */
export type Participant = { userId: string; name?: string; email?: string }
