// `frogbot` ships TypeScript sources: let Next.js compile them, and keep node:sqlite on the server.
export default { transpilePackages: ['frogbot'], serverExternalPackages: ['pg'] }
