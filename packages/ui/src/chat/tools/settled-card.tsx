import { type ReactNode, useId } from 'react'

/**
 * The frame of a settled card (an answered or closed question, a decided approval): a check
 * (`done`), a cross (`closed`), a spinner (`sending`) or an alert (`unsent`), the title and its
 * `action` (Retry), then the details. `kind` is the card's own class (`fb-question`, `fb-approval`).
 */
export function SettledCard({ outcome, title, action, kind = 'fb-question', children }: { outcome: 'done' | 'sending' | 'unsent' | 'closed'; title: string; action?: { label: string; onClick: () => void }; kind?: string; children?: ReactNode }) {
  const id = useId()
  const frame = outcome === 'closed' ? 'fb-card-closed' : outcome === 'unsent' ? 'fb-card-unsent' : 'fb-card-done'
  return (
    <section className={`fb-card ${kind} ${frame}`} aria-labelledby={id} aria-busy={outcome === 'sending' || undefined}>
      <header className="fb-card-header">
        {outcome === 'sending' ? (
          <span className="fb-spinner" aria-hidden="true" />
        ) : (
          <span className="fb-status-icon" aria-hidden="true">
            {outcome === 'done' ? '✓' : outcome === 'unsent' ? '!' : '×'}
          </span>
        )}
        <h3 id={id} className={action ? 'fb-card-title fb-card-title-with-action' : 'fb-card-title'} role={outcome === 'unsent' ? 'status' : undefined}>
          {title}
        </h3>
        {action ? (
          <span className="fb-card-action">
            <span aria-hidden="true">—</span>
            <button type="button" className="fb-button fb-button-link" onClick={action.onClick}>
              {action.label}
            </button>
          </span>
        ) : null}
      </header>
      {children}
    </section>
  )
}
