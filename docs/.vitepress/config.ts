import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { defineConfig } from 'vitepress'
import { markdownCopies, writeMarkdownCopies } from './markdown-copies.ts'
import { writeOpenApiPage } from './openapi-page.ts'
import { SIDEBAR } from './sidebar.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const srcDir = join(here, '..')
const repoRoot = join(srcDir, '..')

// The endpoint reference comes from the server's own OpenAPI document, on every dev start and build.
writeOpenApiPage(repoRoot, here)

export default defineConfig({
  title: 'FrogBot',
  description: 'Agents that pause mid-reply to ask a person a structured question, then continue the same reply.',
  lang: 'en',
  cleanUrls: true,
  lastUpdated: false,
  // docs/README.md is about this site, not a page of it.
  srcExclude: ['README.md'],
  // http://localhost:3000 is the reader's own FrogBot; every other link is checked (and test/docs crawls the built site).
  ignoreDeadLinks: 'localhostLinks',
  // The seed's own text uses Mintlify's code-block attributes (theme={…}); they are ignored here.
  markdown: { theme: { light: 'github-light', dark: 'github-dark' } },
  themeConfig: {
    search: {
      provider: 'local',
      options: {
        miniSearch: {
          searchOptions: {
            fuzzy: 0.2,
            prefix: true,
            boost: { title: 4, text: 2, titles: 1 },
            // Whole words first: "settle" finds where settling is explained before every
            // "settlement" and "settled" (MiniSearch's default weights are 0.375 and 0.45).
            weights: { prefix: 0.2, fuzzy: 0.2 },
            // The generated endpoint reference names `settle`, `pending`, … in every heading; the
            // guides that explain them come first, the reference after. The seed's page (the
            // questions, how to answer them) comes before the pages that build on it.
            boostDocument: (id: string) => (id.startsWith('/http/reference') ? 0.3 : id.startsWith('/chat/questions') ? 1.5 : 1)
          }
        }
      }
    },
    nav: [
      { text: 'Quickstart', link: '/getting-started' },
      { text: 'Questions', link: '/chat/questions' },
      { text: 'HTTP API', link: '/http/overview' },
      { text: 'Pieces', link: '/pieces/overview' },
      { text: 'llms.txt', link: '/llms.txt', target: '_self' }
    ],
    sidebar: SIDEBAR,
    outline: { level: [2, 3] },
    footer: { message: 'MIT License. Every page is also served as Markdown at its own address with .md.' }
  },
  vite: {
    plugins: [markdownCopies(srcDir)],
    // The root vite is a newer major than VitePress's own; keep the site's build to VitePress's.
    clearScreen: false
  },
  buildEnd(site) {
    writeMarkdownCopies(site.srcDir, site.outDir, site.pages)
  }
})
