import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The workspace packages are read from their TypeScript sources (the "frogbot-source" export condition),
// so the example needs no build of @frogbotai/ui first. /api goes to the FrogBot server
// (`npm start` at the repository root serves the planner example on port 3000).
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['frogbot-source', 'module', 'browser', 'development|production'] },
  server: { proxy: { '/api': { target: process.env.FROGBOT_URL ?? 'http://localhost:3000' } } }
})
