/** One notice email. */
export type NoticeMail = { to: string; subject: string; text: string; html: string }

/** Sends a notice email; resolves once the SMTP server took it (or it was logged). */
export type EmailSender = { send: (mail: NoticeMail) => Promise<void>; close: () => void }

/**
 * Notice emails from `from` (docs/chat/reach-people.md "Notices"): through nodemailer to the SMTP
 * server of `smtpUrl` (`smtp://user:pass@host:587`, `smtps://…`), plain text and HTML; with no
 * `smtpUrl`, each email is logged instead, its subject and every line with a link, so a newcomer
 * can click one. nodemailer is loaded on the first email.
 */
export function emailSender({ from, smtpUrl, log }: { from: string; smtpUrl?: string; log: (line: string) => void }): EmailSender {
  if (!smtpUrl) {
    return {
      send: async ({ to, subject, text }) => {
        log(`frogbot: email to ${to} (SMTP_URL is unset, so it is logged, not sent): ${subject}`)
        for (const line of text.split('\n')) if (line.includes('://')) log(`frogbot:   ${line.trim()}`)
      },
      close: () => {}
    }
  }
  let transport: Promise<import('nodemailer').Transporter> | undefined
  const open = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)))
  return {
    send: async ({ to, subject, text, html }) => {
      await (await open()).sendMail({ from, to, subject, text, html })
    },
    close: () => {
      void transport?.then((opened) => opened.close()).catch(() => {})
    }
  }
}

/** Which part of `url` (`user name`, `password`) has percent-encoding that cannot be decoded, or `null`. */
function brokenPercent(url: URL): string | null {
  for (const [part, text] of [['user name', url.username], ['password', url.password]] as const) {
    try {
      decodeURIComponent(text)
    } catch {
      return part
    }
  }
  return null
}

/**
 * What is wrong with `SMTP_URL` in `env`, as start-up names it, or `null` (unset or empty counts as
 * unset): it must be an `smtp://` or `smtps://` URL naming a host, as written (no white space),
 * such as `smtp://user:pass@smtp.example.com:587`, whose user name and password decode (`p%zz` does
 * not: the refusal says which part). `notaurl` or `http://x` used to start and fail
 * every notice email. The value is not repeated (it may hold a password); the refusal says what it is.
 */
export function smtpUrlProblem(env: NodeJS.ProcessEnv): string | null {
  const value = env.SMTP_URL
  if (!value) return null
  const url = /^\S+$/.test(value) ? URL.parse(value) : null
  const encoding = url && brokenPercent(url)
  if (url && /^smtps?:\/\//i.test(value) && url.hostname !== '' && !encoding) return null
  const what = !url
    ? 'it is not a URL'
    : !/^smtps?:$/.test(url.protocol)
      ? `its scheme is ${url.protocol}`
      : url.hostname === ''
        ? 'it names no host'
        : `its ${encoding} has a "%" not followed by two hex digits of UTF-8 (write "%" itself as %25)`
  const rule = 'must be an smtp:// or smtps:// URL such as smtp://user:pass@smtp.example.com:587'
  return `SMTP_URL: ${rule} (notice emails go through it); ${what}`
}
