// Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, and the
// time by package or FrogBot folder. Usage: node bench/profile-summary.ts <file.cpuprofile> [top]
import { readFileSync } from 'node:fs'

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** Where a script belongs: `pkg:<name>` for node_modules, `frogbot:<folder>` for FrogBot's sources, else the URL. */
export function placeOf(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return `pkg:${pkg[1]}`
  const ours = /packages\/frogbot\/src\/([^/]+)/.exec(url)
  if (ours) return `frogbot:${ours[1]}`
  if (url.startsWith('node:') || url === '') return url || '(native/vm)'
  return url.replace(/^.*\/bench\//, 'bench/')
}

/** Self time (ms) by function and by place, largest first. */
export function summarise(profile: Profile) {
  const self = new Map<number, number>()
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000))
  const byFunction = new Map<string, number>()
  const byPlace = new Map<string, number>()
  let total = 0
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0
    total += ms
    const { functionName, url, lineNumber } = node.callFrame
    const name = `${functionName || '(anonymous)'} ${placeOf(url)}${url ? `:${lineNumber + 1}` : ''}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
    byPlace.set(placeOf(url), (byPlace.get(placeOf(url)) ?? 0) + ms)
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1])
  return { total, functions: sorted(byFunction), places: sorted(byPlace) }
}

if (import.meta.main) {
  const [file, top = '25'] = process.argv.slice(2)
  const { total, functions, places } = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile)
  const line = ([name, ms]: [string, number]) => `${ms.toFixed(1).padStart(9)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`
  console.log(`total ${total.toFixed(0)} ms\n\nby place:`)
  for (const entry of places.slice(0, Number(top))) console.log(line(entry))
  console.log('\nby function (self time):')
  for (const entry of functions.slice(0, Number(top))) console.log(line(entry))
}
