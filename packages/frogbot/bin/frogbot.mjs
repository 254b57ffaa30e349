#!/usr/bin/env node
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(`frogbot needs Node.js 24 or newer; this is ${process.version}. Run it through npm (npx frogbot, npm start), which uses the Node 24 the project pins.`)
  process.exit(1)
}
const { main } = await import('../src/cli/main.ts')
process.exitCode = await main(process.argv.slice(2))
