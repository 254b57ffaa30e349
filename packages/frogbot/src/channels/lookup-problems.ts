import type { LookupProblem } from '../contract/piece.ts'

/** How many participants' failed lookups {@link lookupProblems} keeps, at most (the oldest is forgotten first). */
export const KEPT_LOOKUP_PROBLEMS = 1000

/**
 * Why each participant's latest lookup failed, for an email piece's `identity.lookupProblem`:
 * `keep(userId, problem)` after every lookup (`null`: it succeeded, and an earlier failure is
 * forgotten), `of(userId)` the latest failure or `null`. At most {@link KEPT_LOOKUP_PROBLEMS}
 * participants are kept, the oldest forgotten first.
 */
export function lookupProblems(max: number = KEPT_LOOKUP_PROBLEMS) {
  const problems = new Map<string, LookupProblem>()
  return {
    keep: (userId: string, problem: LookupProblem | null | undefined): void => {
      problems.delete(userId)
      if (!problem) return
      problems.set(userId, problem)
      if (problems.size > max) problems.delete(problems.keys().next().value!)
    },
    of: (userId: string): LookupProblem | null => problems.get(userId) ?? null
  }
}
