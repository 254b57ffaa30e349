import { SignIn } from '@frogbotai/ui/chat'

/** The admin chat's sign-in page: `@frogbotai/ui`'s `SignIn`, with a hint for a first start. */
export function SignInPage() {
  return (
    <main className="admin-center">
      <SignIn title="Sign in to FrogBot" headingLevel={1} autoFocus>
        <p className="admin-hint">
          First start? <code>npm start</code> prints the demo user's email and password.
        </p>
      </SignIn>
    </main>
  )
}
