import type { NextConfig } from 'next'

// FrogBot keeps chats in SQLite through node:sqlite (Node.js 24). npm scripts and npx run on the Node 24
// this example pins (the `node` devDependency); started by an older Node (a global `next`, or
// `node node_modules/.bin/next`), Next.js would answer every API request with a 500: refuse instead.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  throw new Error(`This example needs Node.js 24 (node:sqlite); this is ${process.version}. Run it through npm: npm run dev, npm run build, npm start.`)
}

const config: NextConfig = {
  // Optional: Node loads frogbot's built code at run time instead of Next.js bundling it with its drivers.
  serverExternalPackages: ['frogbot']
}

export default config
