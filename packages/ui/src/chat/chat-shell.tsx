import { type ReactNode, useRef } from 'react'
import { useStickToBottom } from './stick-to-bottom.ts'

/**
 * The chat's frame: an optional `header`, the scrolling conversation (`children`) and the
 * `bottom` area that stays in view (alerts, docked cards, queued strip, composer). It fills its
 * container's height; give the container one (e.g. `height: 100dvh`). The conversation follows
 * new content while the reader is at the bottom, lets go when they scroll up (a "Jump to latest"
 * button then brings them back), and comes back down whenever `followKey` changes (a message
 * was sent).
 */
export function ChatShell({ header, bottom, children, className, followKey }: { header?: ReactNode; bottom?: ReactNode; children?: ReactNode; className?: string; followKey?: unknown }) {
  const scroller = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const { pinned, jump } = useStickToBottom(scroller, content, followKey)
  return (
    <div className={className ? `fb-chat ${className}` : 'fb-chat'}>
      {header ? <div className="fb-chat-header">{header}</div> : null}
      <div className="fb-chat-scroll" ref={scroller}>
        <div className="fb-chat-column" ref={content}>
          {children}
        </div>
      </div>
      <div className="fb-chat-bottom">
        {pinned ? null : (
          <button type="button" className="fb-button fb-jump" onClick={jump}>
            ↓ Jump to latest
          </button>
        )}
        <div className="fb-chat-column">{bottom}</div>
      </div>
    </div>
  )
}
