#!/usr/bin/env node
import module from 'node:module'

const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(`frogbot needs Node.js 24 or newer; this is ${process.version}. Install Node.js 24, or pin it in your app with 'npm install --save-dev node@24' so that npm scripts and npx run on it.`)
  process.exit(1)
}

// Node keeps the compiled code of the modules loaded here in its compile cache (the OS's temporary
// folder, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so a restart of
// `frogbot serve` compiles none of its several hundred modules again.
module.enableCompileCache?.()

// `#cli` is the built CLI (dist/) wherever the package is installed. Inside the FrogBot repository,
// npm scripts add the `frogbot-source` condition (the repository's .npmrc), which points it at the
// TypeScript sources, so nothing needs building there.
let cli
try {
  cli = await import('#cli')
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('/dist/cli/main.js')) throw error
  console.error('frogbot: the built CLI (dist/) is missing. In the FrogBot repository, run it through npm (npx frogbot, npm run frogbot), which uses the sources; or build it with `npm run build -w frogbot`.')
  process.exit(1)
}
process.exitCode = await cli.main(process.argv.slice(2))
