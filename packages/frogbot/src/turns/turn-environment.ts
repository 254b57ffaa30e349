import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import type { TurnEnvironment } from './run-turn.ts'

/** What the turn services need: the turn environment plus the agents by slug. */
export type TurnServices = TurnEnvironment & {
  log: (line: string) => void
  agents: Map<string, ResolvedAgent>
  /** Identifies this process in turn leases. */
  processId: string
}
