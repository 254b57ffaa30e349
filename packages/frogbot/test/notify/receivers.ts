import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { verifyWebhookSignature } from '../../src/index.ts'

/** One email as the test's SMTP server received it, its parts decoded. */
export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; html: string }

/** Decodes a MIME part body by its transfer encoding (quoted-printable, base64, or as it is). */
function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The subject, plain text and HTML of a raw message (multipart/alternative, as nodemailer sends one). */
function parseMail(raw: string): { subject: string; text: string; html: string } {
  const [head] = raw.split(/\r?\n\r?\n/)
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const subjectRaw = /^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? ''
  const subject = subjectRaw.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodePart('content-transfer-encoding: quoted-printable', data.replace(/_/g, ' '))
  )
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1]
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw]
  const found = { text: '', html: '' }
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/)
    const headers = part.slice(0, split)
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n$/, '')
    if (/content-type:\s*text\/plain/i.test(headers)) found.text = decodePart(headers, body).replace(/\r\n/g, '\n')
    if (/content-type:\s*text\/html/i.test(headers)) found.html = decodePart(headers, body)
  }
  return { subject, ...found }
}

/** A real SMTP server on 127.0.0.1 (the `smtp-server` package) keeping every email; `url` for `SMTP_URL`. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        mails.push({ from, to: session.envelope.rcptTo.map((to) => to.address), ...parseMail(Buffer.concat(chunks).toString('utf8')) })
        callback()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = ((server as unknown as { server: { address: () => AddressInfo } }).server.address() as AddressInfo).port
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A webhook event as the receiver took it, with whether its signature held. */
export type ReceivedEvent = { body: any; signed: boolean; attempt: number }

/**
 * A local HTTP receiver of notice webhooks that checks each request's `frogbot-signature` with
 * `secret` against `now()`, answering 503 to the first `failFirst` requests (to see retries).
 */
export async function startWebhookReceiver({ secret, now = () => new Date(), failFirst = 0 }: { secret: string; now?: () => Date; failFirst?: number }) {
  const events: ReceivedEvent[] = []
  let requests = 0
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const attempt = ++requests
      if (attempt <= failFirst) return void response.writeHead(503).end()
      const body = Buffer.concat(chunks).toString('utf8')
      events.push({ body: JSON.parse(body), signed: verifyWebhookSignature({ header: request.headers['frogbot-signature'] as string, body, secret, now: now() }), attempt })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, events, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
