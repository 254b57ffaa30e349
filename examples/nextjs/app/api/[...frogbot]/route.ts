import { createFrogbot, type Frogbot } from 'frogbot'
import config from '../../../frogbot.config.ts'

// One FrogBot per server process, started on the first request; every route under /api is its.
let frogbot: Promise<Frogbot> | undefined
const handler = async (request: Request) => (await (frogbot ??= createFrogbot(config))).fetch(request)

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE }
export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'
