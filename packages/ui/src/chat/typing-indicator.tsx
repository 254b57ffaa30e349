/**
 * Three dots while the agent has not written anything yet. `label` is read by assistive
 * technology (default "Working…"); with `visible`, it also shows beside the dots ("Replying…").
 */
export function TypingIndicator({ label = 'Working…', visible = false }: { label?: string; visible?: boolean }) {
  return (
    <div className="fb-typing" role="status">
      <span className="fb-typing-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className={visible ? 'fb-typing-label' : 'fb-sr-only'}>{label}</span>
    </div>
  )
}
