// Every page is also served as Markdown at its own path (`/chat/turns.md`), and `/llms.txt` lists
// every page, as the seed's site does: for coding agents and anyone who wants the source text.
// `vitepress dev` serves them from the sources (markdownCopies()); `vitepress build` writes them
// into the output folder (writeMarkdownCopies()).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { SIDEBAR, pageFile } from './sidebar.ts'

const SITE_TITLE = 'FrogBot'
const SITE_SUMMARY =
  'Agents that stop in the middle of a reply, ask a person a structured question, wait for as long as it takes, and then continue the same reply with the answer.'

/** A page's Markdown as served at `/path.md`: front matter dropped, `<!--@include: …-->` expanded. */
export function pageMarkdown(srcDir: string, file: string): string {
  return expandIncludes(dropFrontMatter(readFileSync(join(srcDir, file), 'utf8')), dirname(join(srcDir, file))).trimEnd() + '\n'
}

function dropFrontMatter(text: string): string {
  return text.startsWith('---\n') ? text.slice(text.indexOf('\n---\n', 4) + 5).replace(/^\n+/, '') : text
}

function expandIncludes(text: string, folder: string): string {
  return text.replace(/<!--\s*@include:\s*([^\s]+?)\s*-->/g, (_all, path: string) => {
    const file = resolve(folder, path)
    return expandIncludes(dropFrontMatter(readFileSync(file, 'utf8')), dirname(file)).trimEnd()
  })
}

/** A page's title (its first `# ` heading) and description (front matter `description`). */
export function pageInfo(srcDir: string, file: string): { title: string; description: string } {
  const text = readFileSync(join(srcDir, file), 'utf8')
  const description = /^---\n[\s\S]*?^description:\s*(.+)$[\s\S]*?^---$/m.exec(text)?.[1]?.trim() ?? ''
  const title = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? file
  return { title, description: description.replace(/^(['"])(.*)\1$/, '$2') }
}

/** The `/llms.txt` index: every page of the sidebar with its Markdown address and description. */
export function llmsTxt(srcDir: string): string {
  const lines = [`# ${SITE_TITLE}`, '', `> ${SITE_SUMMARY}`, '']
  for (const group of SIDEBAR) {
    lines.push(`## ${group.text}`, '')
    for (const item of group.items) {
      const file = pageFile(item.link)
      const { title, description } = pageInfo(srcDir, file)
      lines.push(`- [${title}](/${file})${description ? `: ${description}` : ''}`)
    }
    lines.push('')
  }
  return lines.join('\n')
}

/** `/llms-full.txt`: every page's Markdown, one after another, in the sidebar's order. */
export function llmsFullTxt(srcDir: string): string {
  return SIDEBAR.flatMap((group) => group.items.map((item) => `<!-- /${pageFile(item.link)} -->\n\n${pageMarkdown(srcDir, pageFile(item.link))}`)).join('\n')
}

/** Writes `/path.md` for every page, `/llms.txt` and `/llms-full.txt` into the built site. */
export function writeMarkdownCopies(srcDir: string, outDir: string, pages: string[]): void {
  for (const file of pages) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true })
    writeFileSync(join(outDir, file), pageMarkdown(srcDir, file))
  }
  writeFileSync(join(outDir, 'llms.txt'), llmsTxt(srcDir))
  writeFileSync(join(outDir, 'llms-full.txt'), llmsFullTxt(srcDir))
}

/** The part of a Vite plugin markdownCopies() is (typed here, so the site's Vite and the root's both take it). */
export type DevServerPlugin = {
  name: string
  configureServer(server: { middlewares: { use(handler: (req: IncomingMessage, res: ServerResponse, next: () => void) => void): unknown } }): void
}

/**
 * `vitepress dev`: answers `/path.md` with the page's Markdown and `/llms.txt` with the index.
 * The browser's own imports of a page module (`Sec-Fetch-Dest: script`) go on to VitePress.
 */
export function markdownCopies(srcDir: string): DevServerPlugin {
  return {
    name: 'frogbot-docs-markdown-copies',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://docs.local')
        const send = (type: string, body: string) => {
          res.setHeader('Content-Type', `${type}; charset=utf-8`)
          res.end(body)
        }
        try {
          if (url.pathname === '/llms.txt') return send('text/plain', llmsTxt(srcDir))
          if (url.pathname === '/llms-full.txt') return send('text/plain', llmsFullTxt(srcDir))
          if (url.pathname.endsWith('.md') && !url.search && req.headers['sec-fetch-dest'] !== 'script') {
            return send('text/markdown', pageMarkdown(srcDir, decodeURIComponent(url.pathname).slice(1)))
          }
        } catch {
          // not a page: let VitePress answer (its 404)
        }
        next()
      })
    }
  }
}
