import { expect, test } from 'vitest'
import { contextsPerTest, dock, screenshot } from './browser-kit.ts'
import { FIXTURE_USER } from './server/start-fixture.ts'

const newContext = contextsPerTest()

test("examples/react-chat: sign in, then the seed's Providers sample answers a question unchanged", async () => {
  const context = await newContext({ signedIn: false })
  const page = await context.newPage()
  await page.goto('/example/')

  await page.getByRole('heading', { name: 'Sign in to FrogBot' }).waitFor()
  await page.getByRole('textbox', { name: 'Email' }).fill(FIXTURE_USER.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('alert').waitFor()
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
})
