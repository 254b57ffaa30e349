import type { Manifest } from '@frogbotai/protocol'
import { useCallback, useState } from 'react'
import { errorMessage } from './chat-api-error.ts'
import { useChatContext } from './chat-context.ts'

/** What {@link useSignIn} gives: the signed-in `user`, `signIn`, `signOut`, and the last attempt's `busy` and `error`. */
export type SignInState = {
  /** The signed-in person, `null` when nobody is, `undefined` while the manifest loads. */
  user: Manifest['user'] | undefined
  /** Signs in with a password (`POST /api/auth/login`, the session cookie), then reloads the manifest; resolves whether it worked. */
  signIn: (credentials: { email: string; password: string }) => Promise<boolean>
  /** Signs out (`POST /api/auth/logout`) and reloads the manifest. */
  signOut: () => Promise<void>
  busy: boolean
  /** Why the last sign-in failed, for a person ("Wrong email or password.", too many attempts, the server out of reach). */
  error: string | null
}

/**
 * Sign-in and sign-out through the provider's adapter (`adapter.login` and `adapter.logout`, then
 * `useChatManifest().reload()`), for a form of your own; `SignIn` is the form built on it. Needs
 * `cookieFetch()` on the API's origin (a development proxy must keep the `Host` header: see the
 * package README).
 */
export function useSignIn(): SignInState {
  const { adapter, manifest, reloadManifest } = useChatContext()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const signIn = useCallback(
    async (credentials: { email: string; password: string }) => {
      setBusy(true)
      setError(null)
      try {
        await adapter.login(credentials)
        await reloadManifest()
        return true
      } catch (failure) {
        setError(errorMessage(failure))
        return false
      } finally {
        setBusy(false)
      }
    },
    [adapter, reloadManifest]
  )
  const signOut = useCallback(async () => {
    await adapter.logout().catch(() => {})
    await reloadManifest()
  }, [adapter, reloadManifest])
  return { user: manifest.status === 'ready' ? manifest.manifest.user : undefined, signIn, signOut, busy, error }
}
