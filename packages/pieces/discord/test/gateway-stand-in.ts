import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import { APPLICATION_ID, BOT_TOKEN } from './discord-stand-in.ts'

/** Gateway opcodes (discord.com/developers/docs/topics/opcodes-and-status-codes, "Gateway Opcodes"). */
const Op = { Dispatch: 0, Heartbeat: 1, Identify: 2, Resume: 6, Reconnect: 7, InvalidSession: 9, Hello: 10, HeartbeatAck: 11 } as const

/** One session a client opened: whether it identified (or resumed) and with which intents. */
type Session = { socket: WebSocket; identified: { intents: number; token: string } | null; resumed: boolean; sequence: number }

/**
 * A stand-in of Discord's Gateway (a WebSocket server on 127.0.0.1,
 * discord.com/developers/docs/events/gateway): HELLO on connect; IDENTIFY with the bot token
 * answered READY (no servers, so discord.js is ready at once), another token closed with 4004
 * (Authentication failed); RESUME answered RESUMED; heartbeats acknowledged. `dispatch(t, d)`
 * sends an event to every identified session; `drop()` closes them as a lost connection does
 * (4000, "Unknown error": clients resume); `sessions` records what clients did.
 */
export async function gatewayStandIn() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
  const sessions: Session[] = []
  const send = (session: Session, payload: { op: number; d: unknown; t?: string }) => {
    if (payload.op === Op.Dispatch) session.sequence++
    session.socket.send(JSON.stringify({ s: payload.op === Op.Dispatch ? session.sequence : null, t: null, ...payload }))
  }

  server.on('connection', (socket) => {
    const session: Session = { socket, identified: null, resumed: false, sequence: 0 }
    sessions.push(session)
    send(session, { op: Op.Hello, d: { heartbeat_interval: 45_000 } })
    socket.on('message', (raw) => {
      const { op, d } = JSON.parse(String(raw)) as { op: number; d: any }
      if (op === Op.Heartbeat) return send(session, { op: Op.HeartbeatAck, d: null })
      if (op === Op.Identify) {
        if (d.token !== BOT_TOKEN) return socket.close(4004, 'Authentication failed.')
        session.identified = { intents: d.intents, token: d.token }
        return send(session, {
          op: Op.Dispatch,
          t: 'READY',
          d: { v: 10, user: { id: APPLICATION_ID, username: 'frogbot', discriminator: '0', bot: true, avatar: null }, guilds: [], session_id: `session-${sessions.length}`, resume_gateway_url: url, application: { id: APPLICATION_ID, flags: 0 } }
        })
      }
      if (op === Op.Resume) {
        session.identified = { intents: 0, token: d.token }
        session.resumed = true
        session.sequence = d.seq ?? 0
        return send(session, { op: Op.Dispatch, t: 'RESUMED', d: null })
      }
    })
  })

  const live = () => sessions.filter((session) => session.identified && session.socket.readyState === session.socket.OPEN)
  return {
    url,
    sessions,
    /** The sessions open and identified now. */
    live,
    dispatch: (t: string, d: unknown) => {
      for (const session of live()) send(session, { op: Op.Dispatch, t, d })
    },
    drop: () => {
      for (const session of live()) session.socket.close(4000, 'Unknown error')
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      })
  }
}

/** See {@link gatewayStandIn}. */
export type GatewayStandIn = Awaited<ReturnType<typeof gatewayStandIn>>
