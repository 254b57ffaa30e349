import { expect, test } from 'vitest'
import { contextsPerTest, dock, screenshot } from './browser-kit.ts'
import { FIXTURE_USER } from './server/start-fixture.ts'

const newContext = contextsPerTest()

test("examples/react-chat: the seed's Providers sample and <Chat> show the package's sign-in, then answer a question; Sign out leads back to it", async () => {
  const context = await newContext({ signedIn: false })
  const page = await context.newPage()
  await page.goto('/example/')

  await page.getByRole('heading', { name: 'Sign in to chat' }).waitFor()
  await screenshot(page, 'example-app-sign-in')
  await page.getByRole('textbox', { name: 'Email' }).fill(FIXTURE_USER.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('alert').getByText('Wrong email or password.').waitFor()
  await screenshot(page, 'example-app-sign-in-refused')
  await page.getByLabel('Password').fill(FIXTURE_USER.password)
  await page.getByRole('button', { name: 'Sign in' }).click()

  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill('Which color for the invitations?')
  await composer.press('Enter')
  await dock(page).getByRole('radio', { name: 'Red' }).waitFor()
  await page.waitForURL((url) => url.searchParams.has('chat'))
  await screenshot(page, 'example-app-waiting')
  await dock(page).getByText('Red', { exact: true }).click()
  await page.getByText('Got it: Color → Red. Planning with that.').waitFor()

  await page.reload()
  await page.getByRole('region', { name: 'Answered' }).getByText('Red', { exact: true }).waitFor()
  expect(await page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true)
  await screenshot(page, 'example-app-answered')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('heading', { name: 'Sign in to chat' }).waitFor()
})
