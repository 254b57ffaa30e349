import { ChatApiError, useChatContext } from '@frogbotai/ui/chat'
import { type FormEvent, useState } from 'react'

/** Sign-in with a FrogBot user's email and password (`POST /api/auth/login` sets the session cookie). */
export function SignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { adapter } = useChatContext()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    try {
      await adapter.login({ email: String(form.get('email')), password: String(form.get('password')) })
      await onSignedIn()
    } catch (failure) {
      setError(ChatApiError.isInstance(failure) ? failure.message : 'Could not reach the server.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <main className="admin-center">
      <form className="admin-sign-in" onSubmit={submit}>
        <h1>Sign in to FrogBot</h1>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required autoFocus />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error ? (
          <p role="alert" className="admin-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
          Sign in
        </button>
        <p className="admin-hint">
          First start? <code>npm start</code> prints the demo user's email and password.
        </p>
      </form>
    </main>
  )
}
