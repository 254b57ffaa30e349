/** A `fetch` function as the chat adapter calls it. */
export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/**
 * A `fetch` that sends the FrogBot session cookie (`credentials: 'same-origin'`): for an app served
 * from the same origin as the API, after a sign-in with `POST /api/auth/login`. Writes carry the
 * page's `Origin`, which the server's cross-site check requires for cookie sessions.
 */
export function cookieFetch(): FetchFunction {
  return (input, init) => fetch(input, { ...init, credentials: 'same-origin' })
}

/**
 * A `fetch` that adds `Authorization: Bearer <token>` to every request. `getToken` is called per
 * request (so a token can rotate) and may be async; no header is sent when it returns nothing.
 * Cookies are not sent (`credentials: 'omit'`).
 */
export function bearerFetch(getToken: () => string | null | undefined | Promise<string | null | undefined>): FetchFunction {
  return async (input, init) => {
    const token = await getToken()
    const headers = new Headers(init?.headers)
    if (token) headers.set('authorization', `Bearer ${token}`)
    return fetch(input, { ...init, headers, credentials: 'omit' })
  }
}
