import { ChatApiError, useChatContext } from '@frogbotai/ui/chat'
import { type FormEvent, useState } from 'react'

/** Signs in with a FrogBot user's email and password (`POST /api/auth/login` sets the session cookie). */
export function SignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { adapter } = useChatContext()
  const [error, setError] = useState<string | null>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    try {
      await adapter.login({ email: String(form.get('email')), password: String(form.get('password')) })
      await onSignedIn()
    } catch (failure) {
      setError(ChatApiError.isInstance(failure) ? failure.message : 'Could not reach the server.')
    }
  }
  return (
    <main className="app sign-in">
      <form className="sign-in-form" onSubmit={submit}>
        <h1>Sign in to FrogBot</h1>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error ? <p role="alert">{error}</p> : null}
        <button type="submit">Sign in</button>
      </form>
    </main>
  )
}
