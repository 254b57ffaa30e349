import type { LanguageModel } from 'ai'
import type { ModelReference } from './model-options.ts'
import { createDemoModel } from './demo-model.ts'
import { type ConfiguredProvider, modelTargetProblem, PROVIDER_ENV } from './providers.ts'

/** A model ready to call, with a label for start-up logs (e.g. `openai/gpt-4.1-mini`). */
export type ResolvedModel = { model: Exclude<LanguageModel, string>; label: string; demo: boolean }

/**
 * Turns a {@link ModelReference} into a model:
 * - a `LanguageModel` instance is used as is;
 * - `'demo'`, or any alias when no provider is configured, is the offline demo model;
 * - an alias is looked up in `aliases`, then in the first configured provider's defaults
 *   (`fast`, `smart`);
 * - `'provider/model-id'` needs that provider configured.
 * Returns a string that explains the problem and what to do when the reference cannot resolve.
 */
export function resolveModel(
  reference: ModelReference,
  { providers, aliases = {} }: { providers: ConfiguredProvider[]; aliases?: Record<string, string> }
): ResolvedModel | string {
  if (typeof reference !== 'string') {
    return { model: reference, label: `${reference.provider}/${reference.modelId}`, demo: false }
  }
  if (reference === 'demo' || (providers.length === 0 && !reference.includes('/'))) {
    return { model: createDemoModel(), label: 'frogbot/demo (offline demo model)', demo: true }
  }
  const target = reference.includes('/') ? reference : aliases[reference] ?? defaultAlias(reference, providers)
  if (!target) {
    const known = [...new Set([...Object.keys(aliases), ...providers.flatMap((provider) => Object.keys(provider.defaultModels))])]
    return `"${reference}" is not a model alias; use one of ${known.map((name) => `"${name}"`).join(', ')}, add it to ai.models, or write "provider/model-id"`
  }
  if (target === 'demo' || target === 'frogbot/demo') return resolveModel('demo', { providers, aliases })
  const slash = target.indexOf('/')
  const providerName = target.slice(0, slash)
  const modelId = target.slice(slash + 1)
  const problem = modelTargetProblem(target)
  if (problem) return problem
  const provider = providers.find((candidate) => candidate.name === providerName)
  if (!provider) return `"${target}" needs the ${providerName} provider: set ${PROVIDER_ENV[providerName as ConfiguredProvider['name']]} or ai.providers`
  return { model: provider.languageModel(modelId), label: target, demo: false }
}

function defaultAlias(alias: string, providers: ConfiguredProvider[]): string | undefined {
  for (const provider of providers) {
    const modelId = provider.defaultModels[alias]
    if (modelId) return `${provider.name}/${modelId}`
  }
  return undefined
}
