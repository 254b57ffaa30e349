import { useEffect, useState } from 'react'

/**
 * Where the admin chat is (its paths under `/admin`): the start page, a new chat (with the agent
 * once picked), a stored chat of an agent (opened at the card of `call`, when given), or the calls
 * waiting for the signed-in person (`/admin/waiting`).
 */
export type Route = { page: 'home' } | { page: 'new'; agent?: string } | { page: 'chat'; agent: string; chatId: string; call?: string } | { page: 'waiting' }

const BASE = '/admin'

/** The route of a path such as `/admin/chats/planner/chat_1` or `/admin/new?agent=planner`. */
export function routeOf(location: { pathname: string; search: string }): Route {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : location.pathname
  const chat = /^\/chats\/([^/]+)\/([^/]+)\/?$/.exec(path)
  if (chat) {
    const call = new URLSearchParams(location.search).get('call')
    return { page: 'chat', agent: decodeURIComponent(chat[1]), chatId: decodeURIComponent(chat[2]), ...(call ? { call } : {}) }
  }
  if (/^\/waiting\/?$/.test(path)) return { page: 'waiting' }
  if (/^\/new\/?$/.test(path)) return { page: 'new', agent: new URLSearchParams(location.search).get('agent') ?? undefined }
  return { page: 'home' }
}

/** The path of a route. */
export function pathOf(route: Route): string {
  if (route.page === 'chat') return `${BASE}/chats/${encodeURIComponent(route.agent)}/${encodeURIComponent(route.chatId)}${route.call ? `?call=${encodeURIComponent(route.call)}` : ''}`
  if (route.page === 'waiting') return `${BASE}/waiting`
  if (route.page === 'new') return `${BASE}/new${route.agent ? `?agent=${encodeURIComponent(route.agent)}` : ''}`
  return `${BASE}/`
}

/** The current route, following the address bar (Back, Forward) and {@link navigate}. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(window.location))
  useEffect(() => {
    const update = () => setRoute(routeOf(window.location))
    window.addEventListener('popstate', update)
    return () => window.removeEventListener('popstate', update)
  }, [])
  return route
}

/** Goes to a route without a page load (`replace` keeps the history entry). */
export function navigate(route: Route, { replace = false } = {}) {
  const path = pathOf(route)
  if (path !== window.location.pathname + window.location.search) window.history[replace ? 'replaceState' : 'pushState'](null, '', path)
  window.dispatchEvent(new PopStateEvent('popstate'))
}
