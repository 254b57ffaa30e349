import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildConfig, ConfigError, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { smtpUrlProblem } from '../../src/notify/email-sender.ts'
import { question } from '../../src/tools/index.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { cliEnv, PLANNER_CONFIG, runCli, tempFolders } from '../helpers/spawn-serve.ts'

// A new user's `SMTP_URL=notaurl` and `SMTP_URL=http://x` started ("notices: email through
// notaurl"), and every notice then failed with "Cannot create property 'mailer' on string
// 'notaurl'". SMTP_URL is now refused at start, as FROGBOT_PUBLIC_URL is, naming it and its rule.

const RULE =
  'SMTP_URL: must be an smtp:// or smtps:// URL such as smtp://user:pass@smtp.example.com:587 ' +
  '(notice emails go through it)'
const { folder, removeAll } = tempFolders()
const SLOW = { timeout: 60_000 }
afterAll(removeAll)

describe('SMTP_URL', () => {
  it('is an smtp:// or smtps:// URL naming a host, as written; else refused saying what it is', () => {
    expect(smtpUrlProblem({ SMTP_URL: 'notaurl' })).toBe(`${RULE}; it is not a URL`)
    expect(smtpUrlProblem({ SMTP_URL: 'http://x' })).toBe(`${RULE}; its scheme is http:`)
    expect(smtpUrlProblem({ SMTP_URL: 'smtp://' })).toBe(`${RULE}; it names no host`)
    expect(smtpUrlProblem({ SMTP_URL: 'smtp:mail.example.com' })).toBe(`${RULE}; it names no host`)
    expect(smtpUrlProblem({ SMTP_URL: ' smtp://mail.example.com' })).toBe(`${RULE}; it is not a URL`)
    // The value may hold a password: the refusal never repeats it.
    expect(smtpUrlProblem({ SMTP_URL: 'smpt://ada:s3cret@mail.example.com' })).not.toContain('s3cret')
    const fit = ['smtp://mail.example.com', 'smtps://ada:s3cret@mx.example.com:465', 'smtp://h:587?pool=true']
    for (const fine of fit) {
      expect(smtpUrlProblem({ SMTP_URL: fine }), fine).toBeNull()
    }
    // `smtp://user:p%zz@h` (broken percent-encoding) started, and every notice would fail to sign in.
    const PERCENT = 'has a "%" not followed by two hex digits of UTF-8 (write "%" itself as %25)'
    expect(smtpUrlProblem({ SMTP_URL: 'smtp://user:p%zz@h' })).toBe(`${RULE}; its password ${PERCENT}`)
    expect(smtpUrlProblem({ SMTP_URL: 'smtp://us%e9r:pass@h' })).toBe(`${RULE}; its user name ${PERCENT}`)
    expect(smtpUrlProblem({ SMTP_URL: 'smtp://user:p%zz@h' })).not.toContain('p%zz')
    expect(smtpUrlProblem({ SMTP_URL: 'smtp://user:p%25zz@h' })).toBeNull()
    expect(smtpUrlProblem({ SMTP_URL: '' })).toBeNull()
    expect(smtpUrlProblem({})).toBeNull()
  })

  it('is checked by createFrogbot before the database is opened', async () => {
    const temp = tempDir()
    try {
      const file = join(temp.dir, 'frogbot.db')
      const config = buildConfig({
        agents: [{ slug: 'planner', model: 'fast', tools: [question] }],
        db: sqliteAdapter({ filename: file }),
        notify: { email: { from: 'FrogBot <frogbot@example.com>' } }
      })
      const refused = await createFrogbot(config, { env: { SMTP_URL: 'notaurl' }, log: () => {} }).then(
        () => null,
        (error: unknown) => error
      )
      expect(ConfigError.isInstance(refused)).toBe(true)
      expect((refused as ConfigError).problems).toEqual([`${RULE}; it is not a URL`])
    } finally {
      temp.remove()
    }
  })

  const refused = ['notaurl', 'http://x', 'smtp://user:p%zz@h']
  it.each(refused)('frogbot serve with SMTP_URL=%s exits 1, named', SLOW, async (value) => {
    const args = ['serve', '--port', '0', '--config', PLANNER_CONFIG]
    const result = await runCli(args, { cwd: folder(), env: cliEnv({ SMTP_URL: value }) })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(RULE)
    expect(result.stderr + result.stdout).not.toContain('p%zz')
    expect(result.stdout).not.toContain('email through')
    expect(result.stdout).not.toContain('listening on')
  })
})
