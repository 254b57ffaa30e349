import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { useEffect, useMemo, useState } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import { CopyButton } from '../copy-button.tsx'

type Highlighter = typeof import('./highlighter.ts')

// The highlighter (lowlight and its grammars) is a chunk of its own, loaded with the first code block.
let highlighter: Highlighter | null = null
let loadingHighlighter: Promise<Highlighter> | null = null
const loadHighlighter = () => (loadingHighlighter ??= import('./highlighter.ts').then((module) => (highlighter = module)))

/**
 * A fenced code block of a reply: its language and a Copy button above the code, which is
 * highlighted once the grammar of its language has loaded (the text is shown at once, in the same
 * size, so nothing moves when the colours come). Long lines scroll sideways.
 */
export function CodeBlock({ code, language }: { code: string; language?: string }) {
  const [ready, setReady] = useState(() => Boolean(language && highlighter?.canHighlight(language)))
  useEffect(() => {
    if (!language || ready) return
    let live = true
    void loadHighlighter()
      .then((module) => module.loadGrammar(language))
      .then((loaded) => live && loaded && setReady(true))
    return () => {
      live = false
    }
  }, [language, ready])
  const tree = useMemo(() => (ready && language ? highlighter?.highlight(code, language) : null), [ready, code, language])
  return (
    <div className="fb-code" role="group" aria-label={language ? `Code (${language})` : 'Code'}>
      <div className="fb-code-header">
        <span className="fb-code-language">{language ?? 'code'}</span>
        <CopyButton text={code} label="Copy code" />
      </div>
      <pre className="fb-code-body">
        <code className={language ? `hljs language-${language}` : 'hljs'}>{tree ? toJsxRuntime(tree, { Fragment, jsx, jsxs }) : code}</code>
      </pre>
    </div>
  )
}
