import { useEffect, useRef, useState } from 'react'

/**
 * Copies `text` to the clipboard and says "Copied" for a moment. `label` names the button for
 * assistive technology when "Copy" alone would not say what it copies ("Copy code").
 */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <button
      type="button"
      className="fb-button fb-button-link"
      aria-label={copied ? 'Copied' : label === 'Copy' ? undefined : label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text)
          setCopied(true)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setCopied(false), 1500)
        } catch {
          setCopied(false)
        }
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  )
}
