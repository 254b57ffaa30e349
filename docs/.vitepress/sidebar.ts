// The site's page layout: every page of docs/ is listed here once, in the order the sidebar and
// llms.txt show it. Paths follow the seed's site (`/chat/turns.md`, `/pieces/slack.md`, …).

/** One group of the sidebar: its title and its pages (path without `.md`, and the link text). */
export type SidebarGroup = { text: string; items: { text: string; link: string }[] }

/** Every page of the site, grouped as the sidebar shows them. */
export const SIDEBAR: SidebarGroup[] = [
  {
    text: 'Get started',
    items: [
      { text: 'Introduction', link: '/' },
      { text: 'Quickstart', link: '/getting-started' },
      { text: 'Install in your app', link: '/install' },
      { text: 'Configuration', link: '/configuration' }
    ]
  },
  {
    text: 'Agents',
    items: [
      { text: 'Agents and tools', link: '/agents/overview' },
      { text: 'Approvals', link: '/agents/approvals' },
      { text: 'The engine from your code', link: '/agents/from-code' }
    ]
  },
  {
    text: 'Chat',
    items: [
      { text: 'Chats', link: '/chat/overview' },
      { text: 'Ask the user questions', link: '/chat/questions' },
      { text: 'Client tools in depth', link: '/chat/client-tools' },
      { text: 'Turns and queued messages', link: '/chat/turns' },
      { text: 'UI registries', link: '/chat/ui-registries' },
      { text: 'The admin chat', link: '/chat/admin' },
      { text: 'Reach people', link: '/chat/reach-people' }
    ]
  },
  {
    text: 'Users and access',
    items: [
      { text: 'Users, sign-in and tokens', link: '/auth/overview' },
      { text: 'Who can do what', link: '/auth/access' }
    ]
  },
  {
    text: 'HTTP API',
    items: [
      { text: 'Overview', link: '/http/overview' },
      { text: 'Errors and status codes', link: '/http/errors' },
      { text: 'Endpoint reference', link: '/http/reference' }
    ]
  },
  {
    text: 'UI package',
    items: [
      { text: '@frogbotai/ui', link: '/ui/overview' },
      { text: 'Components and styles', link: '/ui/components' }
    ]
  },
  {
    text: 'Pieces',
    items: [
      { text: 'Channel pieces', link: '/pieces/overview' },
      { text: 'Slack', link: '/pieces/slack' },
      { text: 'Discord', link: '/pieces/discord' },
      { text: 'Microsoft Teams', link: '/pieces/teams' },
      { text: 'Telegram', link: '/pieces/telegram' },
      { text: 'GitHub', link: '/pieces/github' },
      { text: 'Linear', link: '/pieces/linear' },
      { text: 'Writing a piece', link: '/pieces/writing-a-piece' }
    ]
  },
  {
    text: 'Protocols',
    items: [
      { text: 'MCP', link: '/protocols/mcp' },
      { text: 'AG-UI', link: '/protocols/ag-ui' }
    ]
  },
  {
    text: 'Deploy',
    items: [
      { text: 'Mount the API', link: '/deploy/mount' },
      { text: 'Run several servers', link: '/deploy/several-servers' },
      { text: 'Scale', link: '/deploy/scale' }
    ]
  },
  {
    text: 'Reference',
    items: [
      { text: 'The frogbot command', link: '/reference/cli' },
      { text: 'Guarantees and limits', link: '/project/guarantees' },
      { text: 'Benchmarks', link: '/project/benchmarks' },
      { text: 'Packages and repository', link: '/project/packages' }
    ]
  }
]

/** The Markdown file of a sidebar link, relative to docs/: `/` is `index.md`, `/chat/turns` is `chat/turns.md`. */
export function pageFile(link: string): string {
  return link === '/' ? 'index.md' : `${link.slice(1)}.md`
}
