import { type FormEvent, type ReactNode, useId } from 'react'
import { useSignIn } from './use-sign-in.ts'

/**
 * Props of {@link SignIn}: `title` (default "Sign in") and its `headingLevel` (default 2; 1 for a
 * page of its own), `autoFocus` (the email field takes the focus), `onSignedIn()`, `children`
 * (shown under the form: a hint, a link), `className`.
 */
export type SignInProps = { title?: string; headingLevel?: 1 | 2; autoFocus?: boolean; onSignedIn?: () => void; children?: ReactNode; className?: string }

/**
 * A sign-in form for FrogBot users (email and password; the session cookie), built on
 * {@link useSignIn}. `Chat` shows it when nobody is signed in and the agent needs someone; render
 * it yourself for a page of its own. Wrong passwords, too many attempts and an unreachable server
 * are told in the form.
 */
export function SignIn({ title = 'Sign in', headingLevel = 2, autoFocus = false, onSignedIn, children, className }: SignInProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const { signIn, busy, error } = useSignIn()
  const id = useId()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    if (await signIn({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') })) onSignedIn?.()
  }
  return (
    <form className={className ? `fb-sign-in ${className}` : 'fb-sign-in'} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="fb-sign-in-title">
        {title}
      </Heading>
      <label className="fb-field">
        <span className="fb-field-label">Email</span>
        <input className="fb-input" name="email" type="email" autoComplete="username" required autoFocus={autoFocus} />
      </label>
      <label className="fb-field">
        <span className="fb-field-label">Password</span>
        <input className="fb-input" name="password" type="password" autoComplete="current-password" required />
      </label>
      {error ? (
        <p className="fb-card-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="fb-button fb-button-primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      {children}
    </form>
  )
}
