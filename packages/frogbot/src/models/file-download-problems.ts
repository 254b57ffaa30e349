import type { FileDownloadOptions } from './file-downloads.ts'

const positiveWhole = (value: unknown) => Number.isInteger(value) && (value as number) > 0

/** Problems with `files.download` of `buildConfig`, each as `path: reason`. */
export function fileDownloadProblems(options: { files?: { download?: FileDownloadOptions } }): string[] {
  const download = options.files?.download
  if (download === undefined) return []
  const problems: string[] = []
  const { hosts, allowPrivateAddresses, maxBytes, timeoutMs } = download
  if (hosts !== undefined && !Array.isArray(hosts)) problems.push('files.download.hosts: must be a list of host names')
  for (const [index, host] of (Array.isArray(hosts) ? hosts : []).entries()) {
    if (typeof host !== 'string' || !/^(\*\.)?[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host)) {
      problems.push(`files.download.hosts[${index}]: ${JSON.stringify(host)} must be a host name such as "files.example.com" or "*.example.com" (no scheme, port or path)`)
    }
  }
  if (allowPrivateAddresses !== undefined && typeof allowPrivateAddresses !== 'boolean') problems.push('files.download.allowPrivateAddresses: must be true or false')
  if (maxBytes !== undefined && !positiveWhole(maxBytes)) problems.push('files.download.maxBytes: must be a positive whole number of bytes')
  if (timeoutMs !== undefined && !positiveWhole(timeoutMs)) problems.push('files.download.timeoutMs: must be a positive whole number of milliseconds')
  return problems
}
