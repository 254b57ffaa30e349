import { afterAll, describe, expect, test } from 'vitest'
import { cliEnv, frogbotLines, startServe, stopAllServes, tempCwd } from '../../../frogbot/test/helpers/spawn-serve.ts'
import { contextsPerTest, screenshot } from './admin-kit.ts'

const newContext = contextsPerTest()
const folder = tempCwd()

afterAll(async () => {
  await stopAllServes()
  folder.remove()
})

describe("the README's main job, with npm start's own process and the offline demo model", () => {
  test('serve prints the admin URL and the demo password; the newcomer signs in, answers the planner in the browser, the same reply continues, pick_file shows the app\'s card, and the README\'s prompts show every question shape and Markdown', { timeout: 120_000 }, async () => {
    const server = await startServe({ cwd: folder.dir, env: cliEnv() })
    const lines = frogbotLines(server.stdout())
    const signIn = lines.find((line) => line.startsWith('frogbot: admin chat: sign in as demo@frogbot.local with the password '))
    expect(signIn, server.stdout()).toBeDefined()
    const password = /with the password (\S+) /.exec(signIn!)![1]
    const adminURL = /admin chat: open (\S+) in a browser/.exec(server.stdout())![1]
    expect(adminURL).toBe(`http://localhost:${server.port}/admin`)

    const context = await newContext({ signedIn: false })
    const page = await context.newPage()
    await page.goto(`http://localhost:${server.port}/`)
    await page.getByLabel('Email').fill('demo@frogbot.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('button', { name: /Planner/ }).click()

    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.fill('Plan a team offsite: should it be in the city or in the mountains?')
    await composer.press('Enter')
    const dock = page.getByRole('region', { name: 'Waiting for your answer' })
    const option = dock.getByRole('radio', { name: 'Mountains' })
    await option.waitFor({ timeout: 15_000 })
    expect(await composer.count()).toBe(0)
    await screenshot(page, 'newcomer-question')
    await dock.getByText('Mountains', { exact: true }).click()
    await page.getByText(/^You chose Mountains for Place\. Here is a plan built around that/).waitFor({ timeout: 15_000 })
    await page.getByRole('region', { name: 'Answered' }).waitFor()
    await screenshot(page, 'newcomer-answered')

    await page.getByRole('textbox', { name: 'Message' }).fill('Pick a file for the budget')
    await page.getByRole('textbox', { name: 'Message' }).press('Enter')
    const card = dock.getByRole('region', { name: 'Pick a file' })
    const file = card.getByRole('group', { name: 'Files' }).getByRole('button').first()
    await file.waitFor({ timeout: 15_000 })
    const picked = (await file.innerText()).trim()
    await screenshot(page, 'newcomer-pick-file')
    await file.click()
    await page.getByRole('region', { name: 'Picked file' }).getByText(picked).waitFor({ timeout: 15_000 })
    await page.getByText(/The pick_file tool returned/).waitFor()

    // The README's other prompts, each a shape of the question tool, without any model key.
    const ask = async (prompt: string) => {
      await page.getByRole('textbox', { name: 'Message' }).fill(prompt)
      await page.getByRole('textbox', { name: 'Message' }).press('Enter')
    }
    await ask('Ask me a few questions about a team offsite')
    const steps = dock.getByRole('region', { name: 'Questions' })
    await steps.getByText('1 of 3').waitFor({ timeout: 15_000 })
    await steps.getByText('Keep it simple', { exact: true }).click()
    await steps.getByRole('button', { name: 'Next' }).click()
    await steps.getByText('2 of 3').waitFor()
    expect(await steps.getByRole('textbox', { name: 'Other answer for When' }).count()).toBe(0)
    await steps.getByText('This month', { exact: true }).click()
    await steps.getByRole('button', { name: 'Next' }).click()
    await steps.getByText('Select all that apply.').waitFor()
    await steps.getByRole('checkbox', { name: 'A budget' }).check()
    await steps.getByRole('checkbox', { name: 'A timeline' }).check()
    await steps.getByRole('button', { name: 'Next' }).click()
    await steps.getByText('Check your answers before you submit.').waitFor()
    await screenshot(page, 'newcomer-few-questions')
    await steps.getByRole('button', { name: 'Submit' }).click()
    const plan = page.locator('.fb-message-assistant').last()
    await plan.getByText(/for Approach, This month for When and A budget and A timeline for Include\./).waitFor({ timeout: 15_000 })
    expect(await plan.locator('strong').allTextContents()).toEqual(expect.arrayContaining(['Keep it simple', 'This month', 'A budget', 'A timeline']))
    await plan.getByRole('table').waitFor()
    await screenshot(page, 'newcomer-plan-in-markdown')

    await ask('Pick any toppings: cheese, mushrooms, olives or peppers')
    const toppings = dock.getByRole('region', { name: 'Toppings' })
    await toppings.getByRole('checkbox', { name: 'Olives' }).check({ timeout: 15_000 })
    await toppings.getByRole('checkbox', { name: 'Cheese' }).check()
    await toppings.getByRole('button', { name: 'Submit' }).click()
    await page.locator('.fb-message-assistant').last().getByText(/You chose Olives and Cheese for Toppings\./).waitFor({ timeout: 15_000 })

    await ask('Show me some Markdown')
    const sample = page.locator('.fb-message-assistant').last()
    await sample.getByRole('heading', { name: 'A heading' }).waitFor({ timeout: 15_000 })
    await sample.getByRole('group', { name: 'Code (ts)' }).waitFor()
    await screenshot(page, 'newcomer-markdown-sample')
  })
})
