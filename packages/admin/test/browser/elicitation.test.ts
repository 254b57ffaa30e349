import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { contextsPerTest, dock, openAdmin, screenshot, sendMessage, storedChat } from './admin-kit.ts'

const newContext = contextsPerTest()

// The planner uses a local MCP server (mcp-deployer.ts, the official SDK) whose tools ask for
// input: the call waits as kind mcp-elicitation and the admin chat draws its card from the
// server's requested schema (docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input).

type Received = { received: { action: string; content?: Record<string, unknown> }[]; linkHits: number; linkUrl: string }

/** What the MCP server received so far, and how often its link was fetched. */
async function mcpServer(page: Page): Promise<Received> {
  return (await (await page.request.get('/__journeys/mcp')).json()) as Received
}

/** The stored part of the MCP tool `name` in the newest assistant message, and its settlements. */
async function storedTool(page: Page, name: string) {
  const { messages } = await storedChat(page)
  const assistant = messages.findLast((message) => message.role === 'assistant')!
  return { part: assistant.parts.find((part) => part.type === `tool-${name}`)!, settlements: assistant.settlements }
}

/** Checks the page with axe: no serious or critical violations. */
async function accessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])
}

describe("the admin chat: an MCP tool's request for input", () => {
  test('a form elicitation is docked as a form drawn from its schema; an answer off the bounds is refused on the card; Accept sends it to the MCP server and the reply goes on', async () => {
    const page = await openAdmin(await newContext())
    const before = (await mcpServer(page)).received.length
    await sendMessage(page, 'Deploy the checkout service')
    const card = dock(page).getByRole('region', { name: 'Deploy' })
    await card.getByText('How should checkout be deployed?').waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    // Titled options, a whole number with its default, an email, a multi-select, a yes/no with its default, an optional text.
    await card.getByRole('radio', { name: 'Production' }).waitFor()
    expect(await card.getByRole('textbox', { name: 'Replicas' }).inputValue()).toBe('2')
    expect(await card.getByRole('textbox', { name: 'On-call email' }).getAttribute('type')).toBe('email')
    expect(await card.getByRole('checkbox', { name: 'Tell the team' }).isChecked()).toBe(true)
    for (const region of ['eu-west', 'us-east', 'ap-south']) await card.getByRole('checkbox', { name: region }).waitFor()
    await card.getByRole('textbox', { name: 'Note (optional)' }).waitFor()
    await accessible(page)
    await screenshot(page, 'mcp-form-waiting')

    await card.getByText('Production', { exact: true }).click()
    await card.getByRole('textbox', { name: 'Replicas' }).fill('9')
    await card.getByRole('textbox', { name: 'On-call email' }).fill('ops@example.com')
    await card.getByRole('checkbox', { name: 'eu-west' }).check()
    await card.getByRole('checkbox', { name: 'us-east' }).check()
    await card.getByRole('button', { name: 'Accept' }).click()
    await card.getByText('Replicas: at most 5.').waitFor()
    expect((await mcpServer(page)).received.length).toBe(before)

    await card.getByRole('textbox', { name: 'Replicas' }).fill('3')
    await card.getByRole('button', { name: 'Accept' }).click()
    await page.getByText('Got it: content → deployed checkout to production with 3 replicas in eu-west and us-east. Planning with that.').waitFor()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    expect(await dock(page).count()).toBe(0)
    // Settled, the card says what the person did (an answer, never an approval) and the tool's result.
    await page.getByRole('region', { name: 'Deploy: answered' }).waitFor()
    expect(await page.getByRole('region', { name: 'Approved' }).count()).toBe(0)
    await screenshot(page, 'mcp-form-answered')
    expect((await mcpServer(page)).received.at(-1)).toEqual({
      action: 'accept',
      content: { environment: 'production', replicas: 3, contact: 'ops@example.com', regions: ['eu-west', 'us-east'], notify: true }
    })
    const { part, settlements } = await storedTool(page, 'deploy')
    expect(part).toMatchObject({ state: 'output-available', output: { content: 'deployed checkout to production with 3 replicas in eu-west and us-east' } })
    expect(settlements).toMatchObject([{ outcome: 'answered' }])
  })

  test('Decline sends a decline to the MCP server, and the tool call completes with its answer', async () => {
    const page = await openAdmin(await newContext({ viewport: { width: 390, height: 780 } }))
    await sendMessage(page, 'Deploy the checkout service')
    const card = dock(page).getByRole('region', { name: 'Deploy' })
    await card.getByRole('button', { name: 'Decline' }).waitFor()
    await screenshot(page, 'mcp-form-phone')
    await card.getByRole('button', { name: 'Decline' }).click()
    await page.getByText('Got it: content → not deployed: decline. Planning with that.').waitFor()
    await page.getByRole('region', { name: 'Deploy: declined' }).waitFor()
    expect((await mcpServer(page)).received.at(-1)).toEqual({ action: 'decline' })
    const { settlements } = await storedTool(page, 'deploy')
    expect(settlements).toMatchObject([{ outcome: 'dismissed' }])
  })

  test('a URL-mode elicitation is a link the person opens (in a new tab, never fetched by the server) with Done and Decline; Done completes the tool call', async () => {
    const page = await openAdmin(await newContext({ viewport: { width: 390, height: 780 } }))
    await sendMessage(page, 'Connect billing')
    const card = dock(page).getByRole('region', { name: 'Connect' })
    await card.getByText('Sign in to the billing system.').waitFor()
    const { linkUrl } = await mcpServer(page)
    const link = card.getByRole('link', { name: `Open ${new URL(linkUrl).host}` })
    expect(await link.getAttribute('href')).toBe(linkUrl)
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    await card.getByRole('button', { name: 'Decline' }).waitFor()
    await accessible(page)
    await screenshot(page, 'mcp-link-phone')

    await card.getByRole('button', { name: 'Done' }).click()
    await page.getByText('Got it: content → connected: accept. Planning with that.').waitFor()
    const server = await mcpServer(page)
    expect(server.received.at(-1)).toEqual({ action: 'accept' })
    expect(server.linkHits).toBe(0)
  })
})
