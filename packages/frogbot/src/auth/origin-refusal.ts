/**
 * Why a cookie-signed-in request from another origin was refused, in words that name the likely
 * cause: `what` was refused ("sign-in", "request"), the page's origin (its `Origin`, else its
 * `Referer`) and this server's (`serverURL`'s, else the request's own). The usual cause in
 * development is a proxy that rewrites the `Host` header, so the page and the server no longer
 * look like one origin: Vite's string form `proxy: { '/api': 'http://localhost:3000' }` does
 * (it sets `changeOrigin`), as do Next.js rewrites to another server.
 */
export function foreignOriginMessage(what: 'sign-in' | 'request', request: Request, serverURL?: string): string {
  const server = new URL(serverURL ?? request.url).origin
  const page = pageOrigin(request)
  const refused =
    what === 'sign-in'
      ? 'Cross-site sign-in refused: sign in from this app\'s own origin'
      : 'Cross-site request refused: a request signed in by cookie must come from this app\'s own origin'
  if (!page) return `${refused}.`
  return (
    `${refused} (the page is ${page}, this server is ${server}). If a proxy forwards to this server, it rewrote the Host header: ` +
    "in Vite, write proxy: { '/api': { target } } without changeOrigin; behind Next.js rewrites or another proxy, set serverURL to the page's origin."
  )
}

function pageOrigin(request: Request): string | null {
  const origin = request.headers.get('origin')
  if (origin !== null) return origin === 'null' ? null : origin
  try {
    return new URL(request.headers.get('referer') ?? '').origin
  } catch {
    return null
  }
}
