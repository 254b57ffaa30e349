import type { ReactNode } from 'react'

/**
 * The chat's frame: an optional `header`, the scrolling conversation (`children`) and the
 * `bottom` area that stays in view (alerts, docked cards, queued strip, composer). It fills its
 * container's height; give the container one (e.g. `height: 100dvh`).
 */
export function ChatShell({ header, bottom, children, className }: { header?: ReactNode; bottom?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div className={className ? `fb-chat ${className}` : 'fb-chat'}>
      {header ? <div className="fb-chat-header">{header}</div> : null}
      <div className="fb-chat-scroll">
        <div className="fb-chat-column">{children}</div>
      </div>
      <div className="fb-chat-bottom">
        <div className="fb-chat-column">{bottom}</div>
      </div>
    </div>
  )
}
