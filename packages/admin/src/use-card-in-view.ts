import { useEffect } from 'react'

/**
 * Brings the card of waiting call `toolCallId` into view once the chat has drawn it (a question's
 * card carries `data-tool-call-id`; a waiting card is docked above the composer otherwise), trying
 * for a few seconds while the chat loads. Nothing without a call.
 */
export function useCardInView(toolCallId: string | undefined): void {
  useEffect(() => {
    if (!toolCallId) return
    let tries = 0
    const timer = setInterval(() => {
      const card = document.querySelector(`[data-tool-call-id="${CSS.escape(toolCallId)}"]`) ?? document.querySelector('.fb-dock')
      if (card || ++tries > 40) clearInterval(timer)
      card?.scrollIntoView({ block: 'nearest' })
    }, 100)
    return () => clearInterval(timer)
  }, [toolCallId])
}
