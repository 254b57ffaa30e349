/**
 * `start` made a task that runs once, on first need (FrogBot's piece kit): everyone who needs it
 * while it runs, or after it succeeded, shares its one promise; a failure is forgotten at once
 * (the callers of that run see its rejection), so that the next need starts it again. For what a
 * piece asks its platform once (Telegram's `getMe`: who the bot is) where a failed answer must be
 * asked again with the next update. No time bound and no failure kept: `start` bounds its own
 * request.
 */
export function onceUntilFailure<T>(start: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  return () =>
    (running ??= start().catch((error: unknown) => {
      running = null
      throw error
    }))
}
