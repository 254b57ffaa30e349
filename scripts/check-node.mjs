// Fails fast when npm scripts do not run on the Node 24 that the `node` devDependency pins.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(`This project needs Node.js 24; npm scripts are running on ${process.version}.`)
  console.error('Run `npm install` (it installs the pinned Node 24 into node_modules/.bin), and do not use --ignore-scripts.')
  process.exit(1)
}
