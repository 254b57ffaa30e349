import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { DownloadError, type Experimental_DownloadFunction } from 'ai'
import { isPublicAddress } from './public-address.ts'

/**
 * Which file URLs the server itself may download for a model (`files.download` in the config).
 * By default none: a file part's URL is only passed on to a model that fetches URLs itself (such
 * as OpenAI's for images); any other file must come inline as a `data:` URL.
 * - `hosts`: host names whose `http:`/`https:` URLs are downloaded, exactly (`files.example.com`)
 *   or with their subdomains (`*.example.com`).
 * - `allowPrivateAddresses`: also download when a listed host resolves to a loopback, private or
 *   link-local address (default `false`: such downloads are refused, whatever the name).
 * - `maxBytes`: largest file downloaded (default 20 MiB).
 * - `timeoutMs`: longest a download may take (default 15 000 ms).
 */
export type FileDownloadOptions = { hosts?: string[]; allowPrivateAddresses?: boolean; maxBytes?: number; timeoutMs?: number }

/**
 * An AI SDK download function (`experimental_download` of `ToolLoopAgent` and `streamText`) for
 * the URLs in a model prompt. A URL the model supports is passed on untouched; a URL of an allowed
 * host is downloaded, connecting only to the address its name resolved to after that address was
 * checked, without following redirects; anything else throws the SDK's `DownloadError` naming
 * the rule. So a user's URL never makes the server call its own network unless `options` allow it.
 */
export type ModelFileDownload = Experimental_DownloadFunction

const DEFAULT_MAX_BYTES = 20 * 1024 * 1024
const DEFAULT_TIMEOUT_MS = 15_000

/** Whether `hostname` is on the `hosts` list (exact, or a subdomain of a `*.` entry); case-insensitive. */
export function hostAllowed(hostname: string, hosts: readonly string[] = []): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return hosts.some((entry) => {
    const allowed = entry.toLowerCase().replace(/\.$/, '')
    return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed
  })
}

/**
 * Why the server will not download `url` itself (a sentence naming the rule), or `null` when
 * `options` allow it. Checks the name only; the resolved address is checked when downloading.
 */
export function downloadRefusal(url: URL, options: FileDownloadOptions = {}): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the server downloads only http: and https: URLs, not ${url.protocol}`
  if (url.username || url.password) return 'the URL must not carry a user name or password'
  if (!hostAllowed(url.hostname.replace(/^\[|\]$/g, ''), options.hosts)) {
    return `the server does not download files from ${url.hostname} (the app allows hosts with files.download.hosts); send the file inline as a data: URL`
  }
  return null
}

/** The download function of the config's `files.download` options; see {@link ModelFileDownload}. */
export function modelFileDownload(options: FileDownloadOptions = {}): ModelFileDownload {
  return (requests) =>
    Promise.all(
      requests.map(async ({ url, isUrlSupportedByModel, abortSignal }) => {
        if (isUrlSupportedByModel) return null
        const refusal = downloadRefusal(url, options)
        if (refusal) throw new DownloadError({ url: url.href, message: `Not downloaded: ${refusal}.` })
        return download(url, options, abortSignal)
      })
    )
}

/** A `lookup` for `http.request` that refuses names resolving to a non-public address. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const refused = allowPrivate ? undefined : addresses.find((entry) => !isPublicAddress(entry.address))
      if (refused) {
        return callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, which is not a public address`), { code: 'EADDRNOTPUBLIC' }), '', 0)
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    })
  }
}

function download(url: URL, options: FileDownloadOptions, abortSignal?: AbortSignal) {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const allowPrivate = options.allowPrivateAddresses === true
  const literal = url.hostname.replace(/^\[|\]$/g, '')
  const fail = (message: string, cause?: unknown) => new DownloadError({ url: url.href, message: `Not downloaded: ${message}.`, cause })
  // An address written in the URL is never looked up, so it is checked here.
  if (!allowPrivate && /^[\d.]+$|:/.test(literal) && !isPublicAddress(literal)) {
    return Promise.reject(fail(`${literal} is not a public address`))
  }
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS), ...(abortSignal ? [abortSignal] : [])])
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<{ data: Uint8Array; mediaType: string | undefined }>((resolve, reject) => {
    const request = send(url, { method: 'GET', lookup: checkedLookup(allowPrivate), signal, headers: { accept: '*/*' } }, (response: IncomingMessage) => {
      const status = response.statusCode ?? 0
      if (status < 200 || status >= 300) {
        response.resume()
        return reject(fail(`${url.hostname} answered ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`))
      }
      const chunks: Buffer[] = []
      let size = 0
      response.on('data', (chunk: Buffer) => {
        size += chunk.byteLength
        if (size > maxBytes) {
          request.destroy()
          return reject(fail(`the file is over ${maxBytes} bytes`))
        }
        chunks.push(chunk)
      })
      response.on('end', () => resolve({ data: new Uint8Array(Buffer.concat(chunks, size)), mediaType: response.headers['content-type'] ?? undefined }))
      response.on('error', (error) => reject(fail(error.message, error)))
    })
    request.on('error', (error) => reject(fail(error.message, error)))
    request.end()
  })
}
