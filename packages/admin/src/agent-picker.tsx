import type { AgentSummary } from '@frogbotai/protocol'

/** The agents the user may use, with their profiles; picking one starts a new chat with it. */
export function AgentPicker({ agents, onPick }: { agents: readonly AgentSummary[]; onPick: (slug: string) => void }) {
  if (agents.length === 0) return <p className="admin-center admin-muted">No agent is available to you.</p>
  return (
    <section className="admin-picker" aria-labelledby="admin-picker-title">
      <h2 id="admin-picker-title">Start a chat with</h2>
      <ul>
        {agents.map((agent) => (
          <li key={agent.slug}>
            <button type="button" className="admin-agent" onClick={() => onPick(agent.slug)}>
              {agent.profile?.avatar ? <img className="admin-avatar" src={agent.profile.avatar} alt="" /> : <span className="admin-avatar" aria-hidden="true">{(agent.profile?.name ?? agent.slug).slice(0, 1).toUpperCase()}</span>}
              <span>
                <span className="admin-agent-name">{agent.profile?.name ?? agent.slug}</span>
                {agent.profile?.description ? <span className="admin-agent-description">{agent.profile.description}</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
