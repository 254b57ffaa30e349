// The documentation site (docs/, issue 36): built once for this file, then crawled, read as
// Markdown, and searched in Chromium.
import { mkdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageMarkdown } from '../../docs/.vitepress/markdown-copies.ts'
import { loadOpenApiDocument } from '../../docs/.vitepress/openapi-page.ts'
import { SIDEBAR, pageFile } from '../../docs/.vitepress/sidebar.ts'
import { DOCS, OUTPUT, ROOT, buildSite, builtFile, docsPages, idsOf, linksOf, serveSite } from './site-build.ts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SIDEBAR_FILES = SIDEBAR.flatMap((group) => group.items.map((item) => pageFile(item.link)))

let site: { baseURL: string; close: () => Promise<void> }
let buildLog = ''

beforeAll(async () => {
  buildLog = (await buildSite()).log
  site = await serveSite()
}, 240_000)

afterAll(async () => {
  await site?.close()
})

const get = async (path: string) => {
  const response = await fetch(`${site.baseURL}${path}`)
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() }
}

describe('the build', () => {
  it('builds every page of the sidebar, and every page of docs/ is in the sidebar', () => {
    expect(buildLog).toContain('build complete')
    expect(buildLog).not.toMatch(/dead link/i)
    expect(new Set(SIDEBAR_FILES).size, 'a page listed twice in docs/.vitepress/sidebar.ts').toBe(SIDEBAR_FILES.length)
    const missing = docsPages().filter((file) => !SIDEBAR_FILES.includes(file))
    expect(missing, 'pages of docs/ missing from docs/.vitepress/sidebar.ts').toEqual([])
    for (const file of SIDEBAR_FILES) expect(builtFile(`/${file.replace(/\.md$/, '')}`), file).not.toBeNull()
  })

  it("has the seed site's layout: the pages the seed links to, at its paths", () => {
    for (const path of ['/chat/questions', '/chat/turns', '/chat/overview', '/chat/ui-registries', '/agents/overview', '/pieces/slack', '/pieces/discord', '/pieces/teams', '/pieces/telegram', '/pieces/github', '/pieces/linear']) {
      expect(builtFile(path), path).not.toBeNull()
      expect(builtFile(`${path}.md`), `${path}.md`).not.toBeNull()
    }
    for (const path of ['/agents/approvals', '/chat/reach-people', '/protocols/mcp', '/protocols/ag-ui', '/deploy/scale', '/pieces/writing-a-piece']) expect(builtFile(path), path).not.toBeNull()
  })
})

describe('links', () => {
  it('every internal link and anchor of every built page resolves', async () => {
    const pages = new Map<string, Set<string>>()
    const queue = ['/', ...SIDEBAR.flatMap((group) => group.items.map((item) => item.link))]
    const broken: string[] = []
    const links: { from: string; to: URL }[] = []
    while (queue.length) {
      const path = queue.shift()!
      if (pages.has(path)) continue
      const page = await get(path)
      if (page.status !== 200) {
        broken.push(`${path}: ${page.status}`)
        pages.set(path, new Set())
        continue
      }
      pages.set(path, idsOf(page.text))
      for (const href of linksOf(page.text)) {
        const to = new URL(href, `${site.baseURL}${path}`)
        if (to.origin !== site.baseURL) continue
        links.push({ from: path, to })
        if (!to.pathname.match(/\.\w+$/)) queue.push(to.pathname)
      }
    }
    for (const { from, to } of links) {
      if (to.pathname.match(/\.\w+$/)) {
        if (!builtFile(to.pathname)) broken.push(`${from} → ${to.pathname}: no such file`)
        continue
      }
      const ids = pages.get(to.pathname)
      if (!ids || ids.size === 0) broken.push(`${from} → ${to.pathname}: not a page`)
      else if (to.hash && !ids.has(decodeURIComponent(to.hash.slice(1)))) broken.push(`${from} → ${to.pathname}${to.hash}: no such anchor`)
    }
    expect(broken).toEqual([])
    expect(pages.size).toBeGreaterThanOrEqual(SIDEBAR_FILES.length)
    expect(links.length).toBeGreaterThan(500)
  })

  it('every link of the Markdown copies, the README and the package READMEs names a page and an anchor that exist', async () => {
    const broken: string[] = []
    const check = async (from: string, href: string, pagePath: string) => {
      const [path, hash] = pagePath.split('#')
      const html = builtFile(path.replace(/\.md$/, '')) && (await get(path.replace(/\.md$/, ''))).text
      if (!html || !builtFile(path.endsWith('.md') ? path : `${path}.md`)) broken.push(`${from}: ${href} (no page)`)
      else if (hash && !idsOf(html).has(hash)) broken.push(`${from}: ${href} (no anchor)`)
    }
    for (const file of SIDEBAR_FILES) {
      const copy = (await get(`/${file}`)).text
      for (const [, href] of copy.matchAll(/\]\((\/[^)\s]*)\)/g)) if (!href.match(/\.(txt|json)$/)) await check(`/${file}`, href, href === '/' ? '/index' : href)
    }
    const readmes = ['README.md', 'packages/frogbot/README.md', 'packages/protocol/README.md', 'packages/ui/README.md', 'packages/admin/README.md', 'packages/pieces/README.md', ...['slack', 'discord', 'teams', 'telegram', 'github', 'linear'].map((piece) => `packages/pieces/${piece}/README.md`)]
    let intoDocs = 0
    for (const readme of readmes) {
      const text = readFileSync(join(ROOT, readme), 'utf8')
      for (const [, href] of text.matchAll(/\]\(((?:\.\.\/)*docs\/[^)\s]+)\)/g)) {
        const target = relative(DOCS, join(ROOT, readme, '..', href.split('#')[0]))
        if (target === 'README.md') continue
        intoDocs += 1
        await check(readme, href, `/${target.replace(/\\/g, '/')}${href.includes('#') ? `#${href.split('#')[1]}` : ''}`)
      }
    }
    expect(broken).toEqual([])
    expect(intoDocs).toBeGreaterThan(30)
  })
})

describe('Markdown copies and llms.txt', () => {
  it('serves every page as Markdown at its own path', async () => {
    for (const file of SIDEBAR_FILES) {
      const copy = await get(`/${file}`)
      expect(copy.status, file).toBe(200)
      expect(copy.type).toContain('text/markdown')
      expect(copy.text, file).toBe(pageMarkdown(DOCS, file))
      expect(copy.text, file).toMatch(/^# /)
    }
  })

  it('lists every page in llms.txt, with its title and description', async () => {
    const llms = await get('/llms.txt')
    expect(llms.status).toBe(200)
    expect(llms.text).toMatch(/^# FrogBot\n\n> /)
    const listed = [...llms.text.matchAll(/^- \[[^\]]+\]\(\/([^)]+)\): \S/gm)].map((match) => match[1])
    expect(listed).toEqual(SIDEBAR_FILES)
    expect(llms.text).toContain('- [Ask the user questions](/chat/questions.md): Let an agent pause for a structured answer, then continue the same reply.')
    const full = await get('/llms-full.txt')
    for (const file of SIDEBAR_FILES) expect(full.text).toContain(`<!-- /${file} -->`)
  })
})

describe("the seed's page", () => {
  const seed = readFileSync(join(import.meta.dirname, 'seed/question-tool.md'), 'utf8')
  // What the seed's site adds around every page (its index notice, its host's line) and its
  // code-block theme are the seed's site, not the page; its links point into this site.
  const text = seed
    .slice(seed.indexOf('# Ask the user questions'))
    .replace(/\n+This documentation is built and hosted on \[Mintlify\]\([^)]*\), a developer documentation platform\.\s*$/, '\n')
    .replaceAll(' theme={"theme":"tokyo-night"}', '')
    .replaceAll('https://docs.frogbot.ai/', '/')

  it('is our copy of the shared seed', () => {
    let shared: string | null = null
    try {
      shared = readFileSync(join(ROOT, '../shared/seeds/question-tool.md'), 'utf8')
    } catch {
      // a checkout without the shared folder beside it: our copy stands
    }
    if (shared !== null) expect(seed).toBe(shared)
    expect(text).toContain('## Answer over HTTP')
  })

  it('has its text at /chat/questions.md, and its sections on the built page', async () => {
    const source = readFileSync(join(DOCS, 'chat/questions.md'), 'utf8')
    expect(source).toContain(text.trimEnd())
    expect((await get('/chat/questions.md')).text).toContain(text.trimEnd())
    const ids = idsOf((await get('/chat/questions')).text)
    for (const [, heading] of text.matchAll(/^## (.+)$/gm)) expect(ids, heading).toContain(heading.toLowerCase().replace(/\s+/g, '-'))
  })
})

describe('the endpoint reference', () => {
  it('is generated from /api/openapi.json: every endpoint, with its summary', async () => {
    const document = loadOpenApiDocument(ROOT)
    const page = await get('/http/reference')
    const ids = idsOf(page.text)
    let count = 0
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        count += 1
        expect(ids, `${method} ${path}`).toContain(operation.operationId)
        expect(page.text).toContain(`${method.toUpperCase()} ${path}`)
      }
    }
    expect(count).toBeGreaterThan(15)
    expect((await get('/http/reference.md')).text).toContain('## `POST /api/agents/{slug}/chats/{chatId}/settle`')
  })
})

describe('search in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      chromiumSandbox: false,
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update']
    })
    mkdirSync(OUTPUT, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`searching "settle" lands on "Answer over HTTP" (${colorScheme})`, { timeout: 60_000 }, async () => {
      const page = await browser.newPage({ colorScheme, viewport: { width: 1280, height: 800 } })
      await page.goto(`${site.baseURL}/`)
      await page.getByRole('heading', { level: 1, name: 'FrogBot' }).waitFor()
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark')
      await page.getByRole('button', { name: 'Search' }).click()
      const input = page.getByPlaceholder('Search', { exact: true })
      await input.fill('settle')
      const first = page.locator('#localsearch-list li').first()
      await first.waitFor()
      await expect.poll(() => first.innerText()).toMatch(/Ask the user questions[\s\S]*Answer over HTTP/)
      await page.screenshot({ path: join(OUTPUT, `search-settle-${colorScheme}.png`) })
      await input.press('Enter')
      await page.waitForURL(/\/chat\/questions#answer-over-http$/)
      const heading = page.locator('h2#answer-over-http')
      await expect.poll(() => heading.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeLessThan(200)
      expect(await heading.innerText()).toContain('Answer over HTTP')
      await page.screenshot({ path: join(OUTPUT, `answer-over-http-${colorScheme}.png`) })
      await page.close()
    })
  }
})
