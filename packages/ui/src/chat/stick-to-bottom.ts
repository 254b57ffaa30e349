import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'

/** How close to the bottom, in pixels, still counts as reading the newest message. */
const NEAR_BOTTOM_PX = 48

/**
 * Keeps the scrolling `scroller` at the bottom while its `content` grows (a streaming reply, a
 * card that appears) as long as the reader is at the bottom; once they scroll up it lets go, until
 * they come back down, call `jump()`, or `followKey` changes (they sent a message). Returns whether
 * the view is `pinned` to the bottom.
 */
export function useStickToBottom(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, followKey?: unknown) {
  const [pinned, setPinned] = useState(true)
  const pinnedRef = useRef(true)
  const setPin = useCallback((value: boolean) => {
    if (pinnedRef.current === value) return
    pinnedRef.current = value
    setPinned(value)
  }, [])
  // Where the view was last seen or put: a scroll of our own counts, so that a reader's move up
  // read in the same frame as it (one scroll event for both) is still a move up.
  const lastTop = useRef(0)
  const toBottom = useCallback(() => {
    const element = scroller.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    lastTop.current = element.scrollTop
  }, [scroller])

  useEffect(() => {
    const element = scroller.current
    if (!element) return
    lastTop.current = element.scrollTop
    // Only a move up lets go: by the time the event of a scroll to the bottom comes, the reply may
    // have grown again, which is no reason to stop following it. A move up that is still near the
    // bottom changes nothing: it is the first frame of a reader's scroll up (which the wheel has
    // already let go, and a growing reply must not pull back down) or the view clamped by content
    // that shrank under a reader who follows.
    const onScroll = () => {
      const top = element.scrollTop
      const near = element.scrollHeight - top - element.clientHeight <= NEAR_BOTTOM_PX
      if (near && top >= lastTop.current) setPin(true)
      else if (!near && top < lastTop.current) setPin(false)
      lastTop.current = top
    }
    // A reader's own move up lets go at once, before a growing reply pulls the view back down.
    const onWheel = (event: WheelEvent) => event.deltaY < 0 && setPin(false)
    const onTouch = () => setPin(false)
    const onKey = (event: KeyboardEvent) => ['PageUp', 'ArrowUp', 'Home'].includes(event.key) && event.target === element && setPin(false)
    element.addEventListener('scroll', onScroll, { passive: true })
    element.addEventListener('wheel', onWheel, { passive: true })
    element.addEventListener('touchmove', onTouch, { passive: true })
    element.addEventListener('keydown', onKey)
    return () => {
      element.removeEventListener('scroll', onScroll)
      element.removeEventListener('wheel', onWheel)
      element.removeEventListener('touchmove', onTouch)
      element.removeEventListener('keydown', onKey)
    }
  }, [scroller, setPin])

  useEffect(() => {
    const targets = [scroller.current, content.current].filter((element): element is HTMLElement => element !== null)
    if (targets.length === 0 || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (pinnedRef.current) toBottom()
    })
    for (const target of targets) observer.observe(target)
    return () => observer.disconnect()
  }, [scroller, content, toBottom])

  useEffect(() => {
    setPin(true)
    toBottom()
  }, [followKey, setPin, toBottom])

  const jump = useCallback(() => {
    setPin(true)
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: 'smooth' })
  }, [scroller, setPin])
  return { pinned, jump }
}
